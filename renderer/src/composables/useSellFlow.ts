import { ref } from 'vue';
import { useRouter } from 'vue-router';
import { useSaleStore, type SellBody } from '../stores/sale.js';
import { newRequestId } from '../lib/ids.js';
import { ApiError } from '../lib/errors.js';
import type { Sale } from '../api/types.js';

export type SellStep = 'form' | 'confirm';

/**
 * The steps every sell form shares: form -> confirm -> sell -> receipt, Esc one step back.
 * The idempotency key is made on entering the confirm step and kept while the agent retries
 * there, so a second click after a lost answer cannot sell twice.
 */
export function useSellFlow() {
  const router = useRouter();
  const sales = useSaleStore();
  const step = ref<SellStep>('form');
  const busy = ref(false);
  const error = ref('');
  let requestId = '';

  function toConfirm(): void {
    requestId = newRequestId();
    error.value = '';
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
    busy.value = true;
    error.value = '';
    try {
      const sale = await send(requestId);
      await router.push(`/sales/${sale.reference}`);
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
      busy.value = false;
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

  return { step, busy, error, toConfirm, back, sell, place, run };
}
