import type { Db } from '../store/db.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import type { Purchase } from '../store/purchases.js';
import type { ReversalSource } from '../store/purchase-settle.js';
import { findSale } from '../store/find-sale.js';
import { Conflict, InvalidInput } from '../domain/errors.js';
import { OPERATOR_REASON_MAX, parseOperatorReason } from '../domain/operator-rules.js';
import type { Vending } from './context.js';

export interface ReverseSaleInput {
  /** Our internal_reference, or the merchant's request id (client_request_id). */
  reference: string;
  actor: string;
  reason: string;
  source: ReversalSource;
  /** Limits a request-id lookup to one merchant (the request id is unique per merchant and environment only). */
  merchantId?: number;
}

/** A second reversal of one sale: refused, and told apart from other refusals by its class. */
export class AlreadyReversed extends Conflict {}

function refusal(p: Purchase): Conflict {
  // The time as the CLI writes instants elsewhere (`created …`, `next …`): ISO 8601 UTC, after a word.
  if (p.state === 'reversed')
    return new AlreadyReversed(
      `purchase ${p.internalReference} was already reversed${p.reversedAt ? ` at ${p.reversedAt}` : ''}; a sale is reversed once`,
    );
  return new Conflict(
    `purchase ${p.internalReference} is ${p.state}: only a completed (successful) sale can be reversed`,
  );
}

/**
 * Reverses a completed sale: its debit goes back to the wallet once, the sale stays visible as
 * reversed, and the merchant gets `transaction.reversed`. A second reversal, or one of a
 * pending or failed purchase, is refused with a Conflict and changes nothing.
 */
export async function reverseSale(
  ctx: { db: Db; purchases: PurchaseStore },
  input: ReverseSaleInput,
): Promise<Purchase> {
  const reason = parseOperatorReason(input.reason);
  if (!input.reference.trim()) throw new InvalidInput('a reference is required', 'reference');
  const p = findSale(ctx.db, input.reference, input.merchantId);
  if (p.state !== 'success') throw refusal(p);
  const reversed = await ctx.purchases.reverse(p.id, { reason, actor: input.actor, source: input.source });
  // Someone else reversed (or the state moved) between the read and the commit.
  if (!reversed) throw refusal(ctx.purchases.purchase(p.id) ?? p);
  return reversed;
}

/** What a re-check of a completed sale found, in words, and whether it reversed the sale. */
export interface RecheckResult {
  purchase: Purchase;
  upstreamSaid: string;
  reversed: boolean;
}

/**
 * An admin's "re-check status" of a completed sale: the upstream is asked again, and when it
 * now reports the sale failed (the provider reversed it) the sale is reversed here too, with
 * source 'upstream'. Any other answer changes nothing: only a definite failure moves money.
 */
export async function recheckCompletedSale(
  ctx: { db: Db; purchases: PurchaseStore; worker: Vending },
  p: Purchase,
  actor: string,
): Promise<RecheckResult> {
  if (p.state !== 'success') return { purchase: p, upstreamSaid: '', reversed: false };
  const outcome = await ctx.worker.recheckCompleted(p.id);
  if (!outcome)
    return { purchase: p, upstreamSaid: 'No upstream can answer for this sale any more', reversed: false };
  if (outcome.kind !== 'failed') {
    const said = outcome.kind === 'success' ? 'Successful' : `${outcome.kind.replace('_', ' ')}`;
    return { purchase: p, upstreamSaid: `The provider says: ${said}`, reversed: false };
  }
  const why = `provider reports it failed: ${outcome.reason}`.slice(0, OPERATOR_REASON_MAX);
  const reversed = await ctx.purchases.reverse(p.id, { reason: why, actor, source: 'upstream' });
  return {
    purchase: reversed ?? ctx.purchases.purchase(p.id) ?? p,
    upstreamSaid: `The provider says: failed (${outcome.reason})`,
    reversed: reversed !== null,
  };
}
