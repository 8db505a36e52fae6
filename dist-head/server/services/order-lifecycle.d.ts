import type { Services, Caller } from './context.js';
import { type NewPurchase, type Purchase } from '../store/purchases.js';
/**
 * Gift-card and eSIM orders ride the same purchase lifecycle as transactions (DESIGN
 * "Purchase lifecycle"): one commit stores the order, debits the wallet and enqueues the
 * vend; the worker sends it at most once. What differs is the answer: an order answers with
 * the upstream's first answer (00/01 when fulfilment is immediate, 02 while it runs).
 */
export declare function placeOrder(s: Services, caller: Caller, input: NewPurchase): Promise<Purchase>;
export type OrderKind = 'giftcard' | 'esim';
/**
 * Reads an order by its request_id for the caller's merchant and environment. A pending order
 * whose requery is due is requeried now: the spec's trigger for pending -> final is the
 * merchant's poll, and the backoff in the job still bounds how often the upstream is asked.
 */
export declare function readOrder(s: Services, caller: Caller, requestId: string, accepts: (p: Purchase) => boolean, what: string): Promise<Purchase>;
