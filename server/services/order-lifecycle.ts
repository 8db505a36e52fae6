import type { Services, Caller } from './context.js';
import { Forbidden, KeyOfAnotherKind, NotFound } from '../domain/errors.js';
import { foreignMerchantCode } from './transactions.js';
import { deliversEsim } from '../domain/esim-sale.js';
import { getPurchaseByKey, type NewPurchase, type Purchase } from '../store/purchases.js';
import {
  assertLookupKeyShape,
  placePurchase,
  type PlaceOptions,
  type PurchaseKind,
} from './place-purchase.js';
import { getJob } from '../store/vend-jobs.js';

/**
 * Gift-card and eSIM orders ride the same purchase lifecycle as transactions (placePurchase);
 * what differs is the answer: an order answers with the upstream's first answer (00/01 when
 * fulfilment is immediate, 02 while it runs), and is read back by its request_id.
 */
export async function placeOrder(
  s: Services,
  caller: Caller,
  body: unknown,
  validate: (body: Record<string, unknown>) => NewPurchase,
  place: PlaceOptions,
  maxKeyLength?: number,
): Promise<Purchase> {
  const kind: PurchaseKind = {
    keyField: 'request_id',
    maxKeyLength,
    validate: () => {
      const fields = body as Record<string, unknown>;
      checkNamedMerchant(caller, fields.merchant_code);
      return validate(fields);
    },
    wait: () => 'first',
    noRouteMessage: (input) =>
      `The ${input.kind === 'giftcard' ? 'gift card' : 'eSIM'} service is not available for live orders (no provider configured); nothing was charged`,
  };
  return (await placePurchase(s, caller, body, kind, place)).purchase;
}

/**
 * An order body needs no merchant_code (the spec's has none), but one that names a merchant
 * must name the credential's own, as a transaction body must: the order is charged to the
 * credential's wallet, never silently to another than the body says.
 */
function checkNamedMerchant(caller: Caller, merchantCode: unknown): void {
  if (merchantCode !== undefined && merchantCode !== caller.merchant.code)
    throw new Forbidden(foreignMerchantCode(caller, merchantCode));
}

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
  assertLookupKeyShape(requestId, 'request_id');
  const p = getPurchaseByKey(s.db, caller.merchant.id, caller.environment, requestId);
  const notFound = `No ${what} with request_id "${requestId}"`;
  if (!p) throw new NotFound(notFound);
  if (!accepts(p))
    throw new KeyOfAnotherKind(notFound, requestId, p.kind, p.kind === 'transaction' && deliversEsim(p));
  if (p.state !== 'pending') return p;
  const job = getJob(s.db, p.id);
  if (job?.state === 'polling' && job.nextPollAt !== null && job.nextPollAt <= s.now()) {
    return (await s.worker.requery(p.id)) ?? p;
  }
  return p;
}
