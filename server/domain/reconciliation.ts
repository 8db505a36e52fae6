/**
 * The rules of the daily reconciliation against a `vending-api` upstream: how one of our
 * purchases and the upstream's row for the same key compare, and what an operator may do
 * about each kind of difference. Pure: the engine (services/reconciliation.ts) feeds it.
 */

import type { ExceptionKind } from '../../common/reconciliation-kinds.js';

export { EXCEPTION_KINDS, type ExceptionKind } from '../../common/reconciliation-kinds.js';

/**
 * A side's view of one purchase; null when that side has no record of the key. Only our side
 * is ever `reversed` (a completed sale whose money an admin or a reconciliation sent back).
 */
export type SideState = 'success' | 'failed' | 'pending' | 'reversed';
/** The upstream's side: its list and status answers know no reversal. */
export type TheirState = Exclude<SideState, 'reversed'>;

export interface SideRow {
  state: SideState;
  amountKobo: number;
}

/** `matched` also covers a purchase both sides agree never happened (failed here, failed or unknown there). */
export type Classification = 'matched' | ExceptionKind;

/**
 * Compares our purchase with the upstream's row. A reversed sale agrees with an upstream
 * failure or no record, as a refund does (the merchant has the money back); against an
 * upstream success it is its own kind, since the reversal was a decision taken here and there
 * is no refund to undo.
 */
export function classify(ours: SideRow | null, theirs: SideRow | null): Classification | null {
  if (!ours && !theirs) return null;
  if (!ours) return theirs!.state === 'failed' ? null : 'theirs_only';
  // A sale still pending here is in flight, whatever the upstream lists: filing it as ours_only
  // would offer a reversal of a sale the provider may yet deliver.
  if (ours.state === 'pending' || theirs?.state === 'pending') return 'pending';
  const refunded = ours.state === 'failed' || ours.state === 'reversed';
  if (!theirs) return refunded ? 'matched' : 'ours_only';
  if (ours.state === 'success' && theirs.state === 'failed') return 'ours_success_theirs_failed';
  if (ours.state === 'failed' && theirs.state === 'success') return 'ours_failed_theirs_success';
  if (ours.state === 'reversed' && theirs.state === 'success') return 'ours_reversed_theirs_success';
  if (ours.state === 'success' && ours.amountKobo !== theirs.amountKobo) return 'amount_differs';
  return 'matched';
}

/** Our purchase state as reconciliation sees it. */
export function sideStateOf(purchaseState: string): SideState {
  if (purchaseState === 'success') return 'success';
  if (purchaseState === 'pending') return 'pending';
  if (purchaseState === 'reversed') return 'reversed';
  return 'failed';
}

export type ResolutionAction = 'accept_upstream' | 'settled_outside';

/**
 * What accepting the upstream's answer does to our books, per kind: `reverse` refunds a sale
 * the upstream did not deliver (a reversal), `debit_correction` marks a refunded purchase
 * as success and debits the wallet again; kinds without one can only be settled outside.
 * A sale we reversed that the upstream delivered has none: a reversal is final here, so the
 * difference is recovered from the provider (or written off) outside the system.
 */
export function acceptEffectOf(kind: ExceptionKind): 'reverse' | 'debit_correction' | null {
  if (kind === 'ours_success_theirs_failed' || kind === 'ours_only') return 'reverse';
  if (kind === 'ours_failed_theirs_success') return 'debit_correction';
  return null;
}

export type RunCounts = Record<Classification, number>;

export function emptyCounts(): RunCounts {
  return {
    matched: 0,
    amount_differs: 0,
    ours_success_theirs_failed: 0,
    ours_failed_theirs_success: 0,
    ours_reversed_theirs_success: 0,
    ours_only: 0,
    theirs_only: 0,
    pending: 0,
    sent_to_other_account: 0,
  };
}

/**
 * The upstream's rows are read for the day widened by this much on both sides, so a purchase
 * sent a moment before midnight and stamped just after it upstream still finds its row.
 */
export const DAY_EDGE_MARGIN_MS = 10 * 60_000;
