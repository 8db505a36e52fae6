import type { Db } from '../store/db.js';
import {
  acceptUpstreamSuccess,
  getException,
  markExceptionResolved,
  type ReconciliationException,
} from '../store/reconciliation-exceptions.js';
import { getPurchaseById } from '../store/purchases.js';
import { acceptEffectOf, type ResolutionAction } from '../domain/reconciliation.js';
import { Conflict, InvalidInput, NotFound, UpstreamUnavailable } from '../domain/errors.js';
import { outcomeOrUnknown, providerSays, type VendOutcome } from '../domain/vend-outcome.js';
import { fromAccountSentTo, vendRequestOf } from '../upstreams/types.js';
import { getJob } from '../store/vend-jobs.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import type { Purchase } from '../store/purchases.js';
import { AlreadyReversed } from './reversals.js';
import { assertOneLineText } from '../domain/text-hygiene.js';
import { OPERATOR_REASON_MAX } from '../domain/operator-rules.js';
import { textLength, tooLongWords } from '../../common/input-limits.js';

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

/** Asks the upstream a purchase was reconciled against for its answer now (a requery). */
export type AskUpstream = (upstreamName: string, purchase: Purchase) => Promise<VendOutcome>;

/**
 * A "no record" counts only from the account the sale was sent to (upstreams/types.ts
 * fromAccountSentTo): an upstream pointed at another provider or account since says nothing.
 */
export function askUpstreamWith(router: UpstreamRouter, db: Db): AskUpstream {
  return async (name, p) => {
    const upstream = router.byName('live', name);
    if (!upstream)
      return {
        kind: 'unknown',
        reason: router.unusableReason(name) || `upstream ${name} is no longer configured`,
      };
    const outcome = await outcomeOrUnknown(() => upstream.requery(vendRequestOf(p)));
    return fromAccountSentTo(outcome, getJob(db, p.id), upstream);
  };
}

/**
 * Resolves one exception, audited with who and why. Accepting the upstream's answer moves
 * money only through a ledger entry: a reversal refunds a sale the upstream did not deliver,
 * a debit correction charges a refunded purchase it did deliver (only with `confirm`, refused
 * when the wallet is short). Settled outside the system moves nothing.
 */
export async function resolveException(
  s: { db: Db; reverseSale: ReverseSale; askUpstream: AskUpstream },
  input: ResolveInput,
): Promise<ReconciliationException> {
  const reason = assertOneLineText(String(input.reason ?? ''), 'reason').trim();
  if (!reason) throw new InvalidInput('a reason is required', 'reason');
  if (textLength(reason) > OPERATOR_REASON_MAX)
    throw new InvalidInput(tooLongWords('reason', OPERATOR_REASON_MAX), 'reason');
  if (input.action !== 'accept_upstream' && input.action !== 'settled_outside')
    throw new InvalidInput('action must be accept_upstream or settled_outside', 'action');
  const e = getException(s.db, input.id);
  if (!e) throw new NotFound(`no reconciliation exception ${input.id}`);
  if (e.status !== 'open') throw new Conflict(`reconciliation exception ${e.id} is already ${e.status}`);
  if (input.action === 'settled_outside') {
    assertNotInFlight(s.db, e);
    return markExceptionResolved(s.db, {
      id: e.id,
      resolution: 'settled_outside',
      actor: input.actor,
      reason,
    });
  }

  const effect = acceptEffectOf(e.kind);
  if (!effect && e.kind === 'ours_reversed_theirs_success')
    throw new InvalidInput(
      `${e.reference} was reversed here and the upstream says it delivered it; a reversal is final, so recover the amount from the provider and mark it settled outside the system`,
      'action',
    );
  if (!effect && e.kind === 'pending')
    throw new InvalidInput(
      `${e.reference} was in flight when compared: there is no answer to accept yet; once it has settled (by its status checks, or by hand in Needs attention), run the reconciliation of ${e.day} again`,
      'action',
    );
  if (!effect && e.kind === 'sent_to_other_account')
    throw new InvalidInput(
      `${e.reference} was sent to ${e.sentTo ?? 'another account'}, which upstream ${e.upstreamName} no longer points at: the account it points at now never had it, so its "no record" is no answer to accept. Ask the provider it was sent to what became of it and mark it settled outside the system, or point the upstream back at that account and run the reconciliation of ${e.day} again`,
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
    const delivered = await whatWasDelivered(s, e);
    return acceptUpstreamSuccess(s.db, { id: e.id, actor: input.actor, reason, delivered });
  }
  // The reversal is its own commit (refund and state once, refused a second time); a crash
  // before the exception is marked leaves it open, and resolving it again finds the sale reversed.
  // The audit says who reversed it: this resolution, or someone before it (an admin, a re-check).
  let reversedHere = false;
  if (e.ourState !== 'reversed') {
    await assertStillUndelivered(s, e);
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
 * A refunded purchase the upstream delivered is charged again only with what it delivered
 * (an electricity token, a gift card's PIN, its reference), so the receipt and the status
 * answer carry them as a vend's would. The upstream is asked again: an answer other than
 * success means the day must be compared again, and no answer means trying later.
 */
async function whatWasDelivered(
  s: { db: Db; askUpstream: AskUpstream },
  e: ReconciliationException,
): Promise<{ result: Record<string, unknown>; upstreamReference?: string }> {
  const p = e.purchaseId === null ? null : getPurchaseById(s.db, e.purchaseId);
  if (!p) throw new NotFound(`purchase ${e.reference} is no longer stored`);
  const answer = await s.askUpstream(e.upstreamName, p);
  if (answer.kind === 'success')
    return { result: answer.result, upstreamReference: answer.upstreamReference };
  if (answer.kind === 'unknown' || answer.kind === 'not_accepted')
    throw new UpstreamUnavailable(
      `upstream ${e.upstreamName} could not be asked what it delivered for ${e.reference} (${answer.reason}): nothing was charged; try again when it answers`,
    );
  const now =
    answer.kind === 'not_found'
      ? `has no record of ${e.reference} now`
      : `now says ${e.reference} is ${answer.kind}`;
  throw new Conflict(
    `upstream ${e.upstreamName} ${now}: nothing was charged; run the reconciliation of ${e.day} again`,
  );
}

/**
 * A sale we kept is credited back only while the upstream still says it did not deliver it:
 * the run's answer may be days old, or only a list that lacked the row (its status read was
 * down). The upstream is asked again, as for a debit correction: failed or no record goes on;
 * a delivery (or a sale it still holds) means the day must be compared again, and no answer
 * means trying later. Nothing is credited either way.
 */
async function assertStillUndelivered(
  s: { db: Db; askUpstream: AskUpstream },
  e: ReconciliationException,
): Promise<void> {
  const p = e.purchaseId === null ? null : getPurchaseById(s.db, e.purchaseId);
  if (!p) throw new NotFound(`purchase ${e.reference} is no longer stored`);
  const answer = await s.askUpstream(e.upstreamName, p);
  const says = providerSays(answer);
  if (says === 'failed' || says === 'not_found') return;
  if (says === 'success' || says === 'pending')
    throw new Conflict(
      `upstream ${e.upstreamName} now says ${e.reference} is ${says}: nothing was credited; run the reconciliation of ${e.day} again`,
    );
  throw new UpstreamUnavailable(
    `upstream ${e.upstreamName} could not be asked about ${e.reference} (${'reason' in answer ? answer.reason : answer.kind}): nothing was credited; try again when it answers`,
  );
}

/**
 * A sale still pending here settles by itself: its status checks refund it if the upstream
 * fails it. Closing its exception as settled by hand would let that refund follow a settlement
 * made outside (the merchant paid twice), so it is refused until the sale is final.
 */
function assertNotInFlight(db: Db, e: ReconciliationException): void {
  if (e.purchaseId === null) return;
  const now = getPurchaseById(db, e.purchaseId);
  if (now?.state !== 'pending') return;
  throw new Conflict(
    `${e.reference} is still pending here: its status checks settle it (or settle it by hand in Needs attention), then run the reconciliation of ${e.day} again`,
  );
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
