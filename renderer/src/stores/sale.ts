import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import { ApiError } from '../lib/errors.js';
import type { Body, GiftCardCode, Sale } from '../api/types.js';
import type { AttentionItem } from './adminTypes.js';
import { formatNaira } from '../../../common/money-display.js';
import { createRunner } from './runner.js';

/** What the desk sends: the node's own request schemas (api/types.ts `Body`). */
export type SellBody = Body<'/console/sell', 'post'>;
export type GiftcardOrderBody = Body<'/console/giftcards/orders', 'post'>;
export type EsimOrderBody = Body<'/console/esim/orders', 'post'>;
export type VerifyBody = Body<'/console/verify', 'post'>;

/** How long to wait before each look at a pending sale: quick at first, then calmer. */
export const FOLLOW_DELAYS_MS = [1000, 2000, 3000, 5000, 5000, 10_000];
export const FOLLOW_MAX_DELAY_MS = 15_000;
export const nextFollowDelay = (attempt: number): number => FOLLOW_DELAYS_MS[attempt] ?? FOLLOW_MAX_DELAY_MS;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sales. Those made or opened in this session, by reference, and the pending ones being
 * followed; for the admin, the purchases that need attention.
 */
export const useSaleStore = defineStore('sale', () => {
  const sales = ref<Record<string, Sale>>({});
  const cards = ref<Record<string, GiftCardCode[]>>({});
  const following = new Set<string>();
  /** Sales an admin opened from another merchant's History: each read names that merchant. */
  const merchantOf = ref<Record<string, string>>({});
  const ofMerchant = (ref: string, code: string | undefined): void => {
    if (code) merchantOf.value[ref] = code;
  };
  /** The query naming the merchant an admin chose for a sale ("?merchant_code=ADE"), else none. */
  const scope = (ref: string) => ({ merchant_code: merchantOf.value[ref] });

  function keep(sale: Sale): Sale {
    sales.value[sale.reference] = sale;
    return sale;
  }

  const sell = async (body: SellBody) => keep(await api.post('/console/sell', { body }));
  const orderGiftcard = async (body: GiftcardOrderBody) =>
    keep(await api.post('/console/giftcards/orders', { body }));
  const orderEsim = async (body: EsimOrderBody) => keep(await api.post('/console/esim/orders', { body }));
  const verify = async (body: VerifyBody) => (await api.post('/console/verify', { body })).customer;
  /** Reads a sale; with waitMs the node holds the answer until the sale is final or waitMs passes. */
  const load = async (ref: string, waitMs = 0) =>
    keep(
      await api.get('/console/purchases/{ref}', {
        path: { ref },
        query: { ...scope(ref), ...(waitMs ? { wait_ms: waitMs } : {}) },
      }),
    );
  /** The sale stored under the key a sell page sent (404: nothing was stored, nothing charged). */
  const byKey = async (key: string) =>
    keep(await api.get('/console/purchases/by-key/{key}', { path: { key } }));
  /** Asks the provider now (the node also does so on its own schedule). */
  const requery = async (ref: string) =>
    keep(await api.post('/console/purchases/{ref}/requery', { path: { ref }, query: scope(ref) }));

  /** An admin reverses a completed sale: its debit goes back to the wallet once. */
  const reverse = async (ref: string, reason: string) =>
    keep(await api.post('/console/admin/purchases/{ref}/reverse', { path: { ref }, body: { reason } }));

  async function reveal(ref: string): Promise<GiftCardCode[]> {
    const r = await api.post('/console/purchases/{ref}/reveal', { path: { ref }, query: scope(ref) });
    cards.value[ref] = r.cards;
    return r.cards;
  }

  /** Codes put away again: off the screen and out of memory until revealed (and audited) again. */
  function hideCards(ref: string): void {
    delete cards.value[ref];
  }

  /**
   * Follows a pending sale until it is final or stop() is called. Each look asks the node to
   * hold its answer for up to nextFollowDelay while the sale stays pending, so a sale that turns
   * final is shown at once rather than at the next look; a look answered sooner (a failed look,
   * the node briefly away) waits out the rest of its delay, so the pace never quickens. A look
   * refused for good (403: this session may no longer read it, say live was withdrawn; 404: it
   * is not this session's sale) ends the follow with that ApiError: asking again cannot help.
   */
  async function follow(
    ref: string,
    sleep: (ms: number) => Promise<void> = sleepFor,
  ): Promise<Sale | undefined> {
    if (following.has(ref)) return sales.value[ref];
    following.add(ref);
    try {
      for (let attempt = 0; following.has(ref) && sales.value[ref]?.status === 'pending'; attempt++) {
        const delay = nextFollowDelay(attempt);
        const started = Date.now();
        await load(ref, delay).catch((e: unknown) => {
          if (e instanceof ApiError && (e.status === 403 || e.status === 404)) throw e;
        });
        if (!following.has(ref) || sales.value[ref]?.status !== 'pending') break;
        const rest = delay - (Date.now() - started);
        if (rest > 0) await sleep(rest);
      }
      return sales.value[ref];
    } finally {
      following.delete(ref);
    }
  }

  function stop(ref: string): void {
    following.delete(ref);
  }

  const isFollowing = (ref: string) => following.has(ref);

  /**
   * The admin's side of sales: purchases still pending, those flagged past their deadline,
   * and requery / flag / resolve by hand (each reloads both lists, keeping its message).
   */
  const flagged = ref<AttentionItem[]>([]);
  const pendingPurchases = ref<AttentionItem[]>([]);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  async function loadAttention(): Promise<void> {
    await run(async () => {
      const r = await api.get('/console/admin/attention');
      flagged.value = r.flagged;
      pendingPurchases.value = r.pending;
    });
  }

  /** Runs an action, then reloads both lists, keeping the action's message. */
  async function act(
    work: () => Promise<AttentionItem>,
    message: (p: AttentionItem) => string,
  ): Promise<boolean> {
    const r = await run(work, message);
    await reloadKeepingNotice(loadAttention);
    return r !== null;
  }

  const requeryAttention = (reference: string) =>
    act(
      () => api.post('/console/admin/attention/{ref}/requery', { path: { ref: reference } }),
      (p) =>
        p.status === 'pending'
          ? 'Requeried: the provider still has no final answer.'
          : `Requeried: the purchase is now ${p.status}.`,
    );
  const flagPurchase = (reference: string, reason: string) =>
    act(
      () => api.post('/console/admin/attention/{ref}/flag', { path: { ref: reference }, body: { reason } }),
      () => 'Flagged for attention.',
    );
  const resolvePurchase = (reference: string, outcome: 'success' | 'failed', reason: string) =>
    act(
      () =>
        api.post('/console/admin/attention/{ref}/resolve', {
          path: { ref: reference },
          body: { outcome, reason },
        }),
      (p) =>
        p.status === 'failed'
          ? `Resolved as failed: ${formatNaira(p.debit)} refunded to ${p.merchant_code}.`
          : 'Resolved as successful.',
    );

  return {
    sales,
    cards,
    ofMerchant,
    scope,
    sell,
    orderGiftcard,
    orderEsim,
    verify,
    load,
    byKey,
    requery,
    reverse,
    reveal,
    hideCards,
    follow,
    stop,
    isFollowing,
    flagged,
    pendingPurchases,
    busy,
    error,
    notice,
    loadAttention,
    requeryAttention,
    flagPurchase,
    resolvePurchase,
  };
});
