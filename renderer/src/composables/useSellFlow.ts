import { onBeforeUnmount, ref } from 'vue';
import { useRouter } from 'vue-router';
import { useSaleStore, type SellBody } from '../stores/sale.js';
import { useSessionStore } from '../stores/session.js';
import { newRequestId } from '../lib/ids.js';
import { ALREADY_SENT, ApiError } from '../lib/errors.js';
import type { Sale } from '../api/types.js';

export type SellStep = 'form' | 'confirm';

/**
 * The steps every sell form shares: form -> confirm -> sell -> receipt, Esc one step back.
 * The idempotency key is made on entering the confirm step and kept while the agent retries
 * there, so a second click after a lost answer cannot sell twice.
 */
/** How often a page whose Pay went unanswered asks the node again. */
const CHECK_AGAIN_MS = 2_000;

/** No answer, an unexpected failure after sending, or "this key was used": the sale may exist. */
const answerMayBeLost = (e: unknown): boolean =>
  e instanceof ApiError &&
  (e.status === 0 || e.status === 500 || (e.status === 422 && e.message.startsWith(ALREADY_SENT)));

export function useSellFlow() {
  const router = useRouter();
  let alive = true;
  onBeforeUnmount(() => {
    alive = false;
  });
  const sales = useSaleStore();
  const session = useSessionStore();
  const step = ref<SellStep>('form');
  const busy = ref(false);
  const error = ref('');
  /** Why the agent was sent back from Pay to the form: the mode changed under the page. */
  const modeChanged = ref('');
  let requestId = '';

  function toConfirm(): void {
    requestId = newRequestId();
    error.value = '';
    modeChanged.value = '';
    step.value = 'confirm';
  }

  function back(): void {
    if (busy.value) return;
    if (step.value === 'confirm') {
      step.value = 'form';
      error.value = '';
    } else {
      void router.push('/sell');
    }
  }

  /** Sends the sale with this attempt's key; the receipt page takes over on an answer. */
  async function place(send: (requestId: string) => Promise<Sale>): Promise<void> {
    if (busy.value) return;
    const shownMode = session.environment;
    busy.value = true;
    error.value = '';
    try {
      const sale = await send(requestId);
      await router.push(`/sales/${sale.reference}`);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : String(e);
      if (answerMayBeLost(e)) await findOutcome();
      else if (session.environment !== shownMode) {
        // Refused because another tab switched TEST/LIVE (the node moved this page along): Pay
        // now means the other mode, so a reflex second Enter must not find it. The form says why.
        modeChanged.value = message;
        step.value = 'form';
      } else error.value = message;
    } finally {
      busy.value = false;
    }
  }

  /**
   * Pay was sent and its answer lost (the connection dropped, the node failed midway, or a
   * repeat found the key used): the sale may be stored and charged. The page stays busy, so
   * neither Pay nor "Change details" can sell it a second time, until the node says by the key
   * whether it holds the sale: then its receipt, or a plain retry with the same key.
   */
  async function findOutcome(): Promise<void> {
    error.value = 'No answer to the sale yet: checking whether it went through. Do not sell it again.';
    while (alive) {
      try {
        const sale = await sales.byKey(requestId);
        await router.push(`/sales/${sale.reference}`);
        return;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          error.value =
            'The node never received this sale: nothing was charged. Sell it again with the button below.';
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, CHECK_AGAIN_MS));
      }
    }
  }

  const sell = (body: Omit<SellBody, 'client_request_id'>) =>
    place((id) => sales.sell({ ...body, client_request_id: id }));

  /** Runs an async step (verify, availability) with the shared busy and error state. */
  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    busy.value = true;
    error.value = '';
    try {
      return await work();
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
      return undefined;
    } finally {
      busy.value = false;
    }
  }

  return { step, busy, error, modeChanged, toConfirm, back, sell, place, run };
}
