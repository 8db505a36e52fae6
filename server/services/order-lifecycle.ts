import type { Services, Caller } from './context.js';
import { NoRoute, NotFound } from '../domain/errors.js';
import {
  createPurchase,
  getPurchaseById,
  getPurchaseByKey,
  type NewPurchase,
  type Purchase,
} from '../store/purchases.js';
import { getJob } from '../store/vend-jobs.js';

/**
 * Gift-card and eSIM orders ride the same purchase lifecycle as transactions (DESIGN
 * "Purchase lifecycle"): one commit stores the order, debits the wallet and enqueues the
 * vend; the worker sends it at most once. What differs is the answer: an order answers with
 * the upstream's first answer (00/01 when fulfilment is immediate, 02 while it runs).
 */
export async function placeOrder(s: Services, caller: Caller, input: NewPurchase): Promise<Purchase> {
  if (
    caller.environment === 'live' &&
    s.router.available('live', input.kind, input.product, input.network).length === 0
  ) {
    throw new NoRoute(
      `The ${input.kind === 'giftcard' ? 'gift card' : 'eSIM'} service is not available for live orders (no provider configured); nothing was charged`,
    );
  }
  const purchase = await s.batcher.submit(() => createPurchase(s.db, input));
  s.worker.enqueue(purchase.id, purchase);
  await waitForFirstAnswer(s, purchase.id, s.config.syncTimeoutMs);
  return getPurchaseById(s.db, purchase.id)!;
}

/**
 * Waits until the order is final, or its vend has been answered "pending/unknown" (the job
 * moved to polling), or the timeout: whichever comes first. waitForFinal wakes us at once on
 * a final outcome; the short slices catch the pending answer, which emits no event.
 */
async function waitForFirstAnswer(s: Services, purchaseId: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  let slice = 2;
  for (;;) {
    const p = getPurchaseById(s.db, purchaseId);
    const job = getJob(s.db, purchaseId);
    if (!p || p.state !== 'pending' || !job || job.state === 'polling' || job.state === 'done') return;
    const left = end - Date.now();
    if (left <= 0) return;
    await s.worker.waitForFinal(purchaseId, Math.min(slice, left));
    slice = Math.min(slice * 2, 50);
  }
}

export type OrderKind = 'giftcard' | 'esim';

/**
 * Reads an order by its request_id for the caller's merchant and environment. A pending order
 * whose requery is due is requeried now: the spec's trigger for pending -> final is the
 * merchant's poll, and the backoff in the job still bounds how often the upstream is asked.
 */
export async function readOrder(
  s: Services,
  caller: Caller,
  requestId: string,
  accepts: (p: Purchase) => boolean,
  what: string,
): Promise<Purchase> {
  const p = getPurchaseByKey(s.db, caller.merchant.id, caller.environment, requestId);
  if (!p || !accepts(p)) throw new NotFound(`No ${what} with request_id "${requestId}"`);
  if (p.state !== 'pending') return p;
  const job = getJob(s.db, p.id);
  if (job?.state === 'polling' && job.nextPollAt !== null && job.nextPollAt <= s.now()) {
    return (await s.worker.requery(p.id)) ?? p;
  }
  return p;
}
