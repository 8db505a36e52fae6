import type { Db } from '../store/db.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import { getPurchaseByReference, type Purchase } from '../store/purchases.js';
import { resolvePurchaseManually } from '../store/resolve.js';
import { NotFound } from '../domain/errors.js';
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
 * once, audited. The node's worker (absent in the CLI's process) answers a caller still waiting.
 */
export function resolvePurchase(
  ctx: { db: Db; worker?: Pick<Vending, 'notifyFinal'> },
  input: { reference: string; outcome: 'success' | 'failed'; reason: string; actor: string },
): Purchase {
  const p = resolvePurchaseManually(ctx.db, input);
  ctx.worker?.notifyFinal(p.id);
  return p;
}
