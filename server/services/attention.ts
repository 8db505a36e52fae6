import type { Db } from '../store/db.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import { getPurchaseByReference, type Purchase } from '../store/purchases.js';
import { resolvePurchaseManually } from '../store/resolve.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { assertStillPending } from '../domain/operator-rules.js';
import type { Vending } from './context.js';

/**
 * Needs attention, as the console's page and the CLI's `purchase flag|resolve` both act on it:
 * one function per action, so the two edges cannot drift apart. The rules (still pending, a
 * reason of a few words) live in the store operations these call.
 */

/** The pending purchase an internal reference names (the console's routes take no request id). */
export function pendingPurchase(db: Db, reference: string): Purchase {
  const p = getPurchaseByReference(db, reference);
  if (!p) throw new NotFound(`no purchase with internal reference ${reference}`);
  assertStillPending(p);
  return p;
}

/** Asks the upstream again about a pending purchase now, audited with the state it found. */
export async function requeryPurchase(
  ctx: { db: Db; purchases: PurchaseStore; worker: Pick<Vending, 'requery'> },
  reference: string,
  actor: string,
): Promise<Purchase> {
  const p = pendingPurchase(ctx.db, reference);
  const after = (await ctx.worker.requery(p.id)) ?? p;
  await ctx.purchases.auditRequery(after, actor);
  return after;
}

/** Flags a pending purchase before its deadline (a customer came back, the provider called), audited. */
export async function flagPurchase(
  ctx: { db: Db; purchases: PurchaseStore },
  p: Purchase,
  actor: string,
  reason: string,
): Promise<Purchase> {
  await ctx.purchases.flagByOperator(p, actor, reason);
  return getPurchaseByReference(ctx.db, p.internalReference) ?? p;
}

/**
 * Settles a purchase that needs attention by hand: success keeps the debit, failed refunds it
 * once, audited. The node's worker (absent in the CLI's process) answers a caller still waiting,
 * and refuses while it is asking the provider about the sale: settling now would throw away
 * the answer on the wire (a refund of a sale the provider then reports delivered).
 */
export function resolvePurchase(
  ctx: { db: Db; worker?: Pick<Vending, 'notifyFinal' | 'isAsking'> },
  input: { reference: string; outcome: 'success' | 'failed'; reason: string; actor: string },
): Purchase {
  const asked = getPurchaseByReference(ctx.db, input.reference);
  if (asked && ctx.worker?.isAsking(asked.id))
    throw new Conflict(
      `purchase ${input.reference} is being asked about at its provider right now: wait for its answer (seconds, or a minute for a slow provider), then resolve it if it is still pending`,
    );
  const p = resolvePurchaseManually(ctx.db, input);
  ctx.worker?.notifyFinal(p.id);
  return p;
}
