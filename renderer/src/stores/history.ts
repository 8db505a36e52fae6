import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import { api } from '../api/client.js';
import type { Sale } from '../api/types.js';
import { ApiError } from '../lib/errors.js';
import { nextFollowDelay } from './sale.js';
import { wholePhoneNumber } from '../../../common/network-prefixes.js';

export interface HistoryFilters {
  search: string;
  product: string;
  status: string;
  from: string;
  to: string;
}

export const emptyFilters = (): HistoryFilters => ({ search: '', product: '', status: '', from: '', to: '' });

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sales history of the session's merchant (or, for an admin, the merchant they chose) and
 * environment: filters, one page at a time, CSV.
 */
export const useHistoryStore = defineStore('history', () => {
  const filters = reactive<HistoryFilters>(emptyFilters());
  /** An admin's choice of another merchant's code; '' is the session's own merchant. */
  const merchant = ref('');
  const page = ref(1);
  const limit = ref(25);
  const rows = ref<Sale[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const error = ref('');
  /**
   * The search text the agent asked to look for in every field although it is a whole phone
   * number or names a sale exactly (a reference holding those digits); another text goes back
   * to being looked up whole first.
   */
  const everyFieldFor = ref('');
  /** The number whose sales the rows are (its 0… form), '' when they answer a text search or none. */
  const shownPhone = ref('');
  /**
   * The search text the rows were looked for in every field at the agent's asking (a whole
   * phone number, reference, request id or customer id), else ''.
   */
  const shownAsText = ref('');
  /** A whole reference, request id or customer id the rows carry exactly, and which it was. */
  const shownExact = ref<{ matched: 'reference' | 'request_id' | 'customer'; text: string } | null>(null);
  /** What the agent was told when they cancelled a read ('' when they did not). */
  const cancelled = ref('');
  let generation = 0;
  /** The read under way: aborted when it is cancelled or replaced, so the node stops reading it. */
  let reading: AbortController | null = null;
  /** The filters, page and search scope the rows on screen answer: a cancelled read goes back to them. */
  let shownAsked: { filters: HistoryFilters; page: number; everyFieldFor: string } | null = null;

  const pages = computed(() => Math.max(1, Math.ceil(total.value / limit.value)));
  const chosen = () => {
    const search = filters.search.trim();
    // The node looks a whole number up as the customer's number unless told to search as text.
    const asText = search !== '' && search === everyFieldFor.value;
    return {
      merchant_code: merchant.value,
      ...filters,
      search,
      search_as: asText ? ('text' as const) : undefined,
    };
  };
  /**
   * Starts the CSV of the filters shown (the node makes its checks and reads the first page)
   * and answers the link to download it once: a refusal (the search thread full, a bad date)
   * is an ApiError for the page to show, where a refused download was a failed file.
   */
  async function startExport(): Promise<string> {
    return (await api.post('/console/purchases/exports', { query: chosen() })).href;
  }
  const readPage = (signal?: AbortSignal) =>
    api.get('/console/purchases', { query: { ...chosen(), page: page.value, limit: limit.value }, signal });

  /**
   * Loads the current page. A read still under way is aborted first (the agent typed on): the
   * node drops or stops it instead of reading it for nobody, and its answer is never shown.
   */
  async function load(): Promise<void> {
    const mine = ++generation;
    reading?.abort();
    const controller = new AbortController();
    reading = controller;
    loading.value = true;
    error.value = '';
    cancelled.value = '';
    const asked = chosen();
    const askedState = { filters: { ...filters }, page: page.value, everyFieldFor: everyFieldFor.value };
    try {
      const r = await readPage(controller.signal);
      if (mine !== generation) return;
      shownAsked = askedState;
      rows.value = r.rows;
      total.value = r.total;
      // The node says how it read the text (a whole number, an exact id, or text).
      const matched = r.search_matched;
      shownPhone.value = matched === 'phone' ? (wholePhoneNumber(asked.search) ?? '') : '';
      shownAsText.value = asked.search_as ? asked.search : '';
      shownExact.value =
        matched === 'reference' || matched === 'request_id' || matched === 'customer'
          ? { matched, text: asked.search }
          : null;
    } catch (e) {
      if (mine !== generation) return;
      shownAsked = askedState;
      error.value = e instanceof ApiError ? e.message : String(e);
      rows.value = [];
      total.value = 0;
      shownPhone.value = shownAsText.value = '';
      shownExact.value = null;
    } finally {
      if (mine === generation) {
        loading.value = false;
        reading = null;
      }
    }
  }

  /** The read under way is dropped: its request aborted, its answer never shown. */
  function dropRead(): boolean {
    if (!reading) return false;
    generation++;
    reading.abort();
    reading = null;
    loading.value = false;
    return true;
  }

  /**
   * The agent cancels the read under way (a search over years of sales): the node stops it, the
   * rows stay those shown before, and the filters and page go back to the ones they answer (so
   * Export and the page buttons ask for what is on screen); the page says so.
   */
  function cancel(): void {
    const search = filters.search.trim();
    if (!dropRead()) return;
    if (shownAsked) {
      Object.assign(filters, shownAsked.filters);
      page.value = shownAsked.page;
      everyFieldFor.value = shownAsked.everyFieldFor;
    }
    const what = search ? `The search for “${search}” was cancelled` : 'Reading the sales was cancelled';
    cancelled.value = rows.value.length
      ? `${what}: the list and filters are as they were before it.`
      : `${what}: nothing is shown. Search again or change the filters.`;
  }

  /** The page is left: a read under way is dropped without a word (the page reads afresh on return). */
  function abandon(): void {
    dropRead();
  }

  async function applyFilters(): Promise<void> {
    page.value = 1;
    await load();
  }

  async function goTo(p: number): Promise<void> {
    page.value = Math.min(Math.max(1, p), pages.value);
    await load();
  }

  function reset(): void {
    Object.assign(filters, emptyFilters());
    everyFieldFor.value = '';
    page.value = 1;
  }

  /**
   * The whole phone number, reference, request id or customer id typed is looked for as text in
   * every field (or, with false, looked up as a whole again).
   */
  async function searchEveryField(yes: boolean): Promise<void> {
    everyFieldFor.value = yes ? filters.search.trim() : '';
    await applyFilters();
  }

  /** A sale changed elsewhere (requery on the detail page): show its new state in the list. */
  function update(sale: Sale): void {
    const i = rows.value.findIndex((r) => r.reference === sale.reference);
    if (i >= 0) rows.value[i] = sale;
  }

  const pendingOnPage = () => rows.value.filter((r) => r.status === 'pending').map((r) => r.reference);

  /** A pending row takes its sale's final state; a row is never put back to pending by an older read. */
  function settle(sale: Sale): void {
    const i = rows.value.findIndex((r) => r.reference === sale.reference);
    if (i >= 0 && rows.value[i].status === 'pending' && sale.status !== 'pending') rows.value[i] = sale;
  }

  /**
   * One look at the page's pending sales: the page read again, only its pending rows updated in
   * place (the order, the other rows and the count stay, so nothing moves under the agent); a
   * pending row no longer on that page (newer sales pushed it on, or a status filter now leaves
   * it out) is read by its reference. Answers the refusal when the node refused for good (403:
   * this session may no longer read these sales, say live was withdrawn or the merchant
   * suspended; 404), else null: a node briefly away or a 5xx is asked again at the next look.
   */
  async function lookAtPending(): Promise<ApiError | null> {
    const waiting = pendingOnPage();
    const forGood = (e: unknown) =>
      e instanceof ApiError && (e.status === 403 || e.status === 404) ? e : null;
    let fresh: Map<string, Sale>;
    try {
      fresh = new Map((await readPage()).rows.map((s) => [s.reference, s]));
    } catch (e) {
      return forGood(e);
    }
    for (const reference of waiting) {
      let sale = fresh.get(reference) ?? null;
      if (!sale)
        try {
          sale = await api.get('/console/purchases/{ref}', {
            path: { ref: reference },
            query: { merchant_code: merchant.value },
          });
        } catch (e) {
          const refusal = forGood(e);
          if (refusal) return refusal;
        }
      if (sale) settle(sale);
    }
    return null;
  }

  let followRun = 0;
  let following = false;
  let look: Promise<unknown> = Promise.resolve();

  /**
   * Keeps the page's pending rows current until none is left or stopFollowing(): a look after
   * each of the sale page's delays (1, 2, 3, 5, 5, 10 s, then every 15 s), one look at a time.
   * A look the node refuses for good ends it and shows the refusal as a refused load does
   * (asking again cannot help), unless the page was loaded again meanwhile.
   * A second call while following does nothing.
   */
  async function followPending(sleep: (ms: number) => Promise<void> = sleepFor): Promise<void> {
    if (following) return;
    following = true;
    const run = ++followRun;
    try {
      // A look of a run stopped meanwhile ends first: never two at once.
      await look;
      for (let attempt = 0; run === followRun && pendingOnPage().length; attempt++) {
        await sleep(nextFollowDelay(attempt));
        if (run !== followRun || !pendingOnPage().length) break;
        const shown = generation;
        const looking = lookAtPending();
        look = looking;
        const refusal = await looking;
        if (refusal) {
          if (run === followRun && shown === generation) {
            error.value = refusal.message;
            rows.value = [];
            total.value = 0;
          }
          break;
        }
      }
    } finally {
      if (run === followRun) following = false;
    }
  }

  /** The page is left: the loop ends at its next step and asks nothing more. */
  function stopFollowing(): void {
    followRun++;
    following = false;
  }

  return {
    filters,
    merchant,
    page,
    limit,
    rows,
    total,
    loading,
    error,
    cancelled,
    shownPhone,
    shownAsText,
    shownExact,
    pages,
    startExport,
    load,
    cancel,
    abandon,
    applyFilters,
    goTo,
    reset,
    searchEveryField,
    update,
    followPending,
    stopFollowing,
  };
});
