import type { Db } from '../store/db.js';
import {
  acceptUpstreamSuccess,
  getException,
  markExceptionResolved,
  type ReconciliationException,
} from '../store/reconciliations.js';
import { getPurchaseById } from '../store/purchases.js';
import { acceptEffectOf, type ResolutionAction } from '../domain/reconciliation.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
import { AlreadyReversed } from './reversals.js';
import { assertOneLineText } from '../domain/text-hygiene.js';

export interface ResolveInput {
  id: number;
  action: ResolutionAction;
  actor: string;
  reason: string;
  /** Required to debit a wallet again for a refunded purchase the upstream delivered. */
  confirm?: boolean;
}

/** Reverses a completed sale (refund once, state reversed); the reversals service implements it. */
export type ReverseSale = (input: {
  reference: string;
  actor: string;
  reason: string;
  source: 'reconciliation';
}) => Promise<unknown>;

/**
 * Resolves one exception, audited with who and why. Accepting the upstream's answer moves
 * money only through a ledger entry: a reversal refunds a sale the upstream did not deliver,
 * a debit correction charges a refunded purchase it did deliver (only with `confirm`, refused
 * when the wallet is short). Settled outside the system moves nothing.
 */
export async function resolveException(
  s: { db: Db; reverseSale: ReverseSale },
  input: ResolveInput,
): Promise<ReconciliationException> {
  const reason = assertOneLineText(String(input.reason ?? ''), 'reason').trim();
  if (!reason) throw new InvalidInput('a reason is required', 'reason');
  if (input.action !== 'accept_upstream' && input.action !== 'settled_outside')
    throw new InvalidInput('action must be accept_upstream or settled_outside', 'action');
  const e = getException(s.db, input.id);
  if (!e) throw new NotFound(`no reconciliation exception ${input.id}`);
  if (e.status !== 'open') throw new Conflict(`reconciliation exception ${e.id} is already ${e.status}`);
  if (input.action === 'settled_outside')
    return markExceptionResolved(s.db, {
      id: e.id,
      resolution: 'settled_outside',
      actor: input.actor,
      reason,
    });

  const effect = acceptEffectOf(e.kind);
  if (!effect && e.kind === 'ours_reversed_theirs_success')
    throw new InvalidInput(
      `${e.reference} was reversed here and the upstream says it delivered it; a reversal is final, so recover the amount from the provider and mark it settled outside the system`,
      'action',
    );
  if (!effect)
    throw new InvalidInput(
      `an exception of kind ${e.kind} has no upstream answer to accept: settle it outside the system`,
      'action',
    );
  assertStateAsCompared(s.db, e);
  if (effect === 'debit_correction') {
    if (input.confirm !== true)
      throw new InvalidInput(
        'marking a refunded purchase as success debits the wallet again: confirm it explicitly',
        'confirm',
      );
    return acceptUpstreamSuccess(s.db, { id: e.id, actor: input.actor, reason });
  }
  // The reversal is its own commit (refund and state once, refused a second time); a crash
  // before the exception is marked leaves it open, and resolving it again finds the sale reversed.
  // The audit says who reversed it: this resolution, or someone before it (an admin, a re-check).
  let reversedHere = false;
  if (e.ourState !== 'reversed') {
    try {
      await s.reverseSale({ reference: e.reference, actor: input.actor, reason, source: 'reconciliation' });
      reversedHere = true;
    } catch (err) {
      if (!(err instanceof AlreadyReversed)) throw err;
    }
  }
  return markExceptionResolved(s.db, {
    id: e.id,
    resolution: 'accept_upstream',
    actor: input.actor,
    reason,
    detail: reversedHere ? { reversed: true } : { reversed: false, already_reversed: true },
  });
}

/**
 * The run's answer is acted on only while our sale is as the run compared it: a sale that has
 * moved since (a pending one delivered, a failure corrected) needs a fresh comparison first.
 * Reversed counts as unchanged for a reversal, which a crash may have left unmarked.
 */
function assertStateAsCompared(db: Db, e: ReconciliationException): void {
  if (e.purchaseId === null) return;
  const now = getPurchaseById(db, e.purchaseId);
  if (!now || now.state === e.ourState || now.state === 'reversed') return;
  throw new Conflict(
    `${e.reference} is ${now.state} now but was ${e.ourState ?? 'unknown'} when reconciliation compared it on ${e.day}: run the reconciliation of that day again, then resolve what it finds`,
  );
}
