import { nowIso, prep, type Db } from './db.js';
import { canTransition, statesThatMayBecome, type PurchaseState } from '../domain/purchase-state.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { postLedgerEntryFor } from './wallets.js';
import { finishJob } from './vend-jobs.js';
import { recordPurchaseOutcome } from './events.js';
import { recordAudit } from './audit.js';
import { resultColumn } from './sealed-results.js';
import {
  forgetPurchase,
  getPurchaseById,
  PURCHASE_COLUMNS,
  purchaseOf,
  purchaseQuery,
  type Purchase,
} from './purchases.js';
import { noteStateChange } from './purchase-lists.js';
import { writtenRow } from './rows.js';

/**
 * A stored purchase's changes after the create: the settles (success, failed and refunded),
 * the reconciliation's correction, the reversal of a completed sale, the upstream it went to
 * and the attention flag. Each forgets the purchase in the key cache before it writes.
 */

// The state machine's table, as SQL: an update that settles a purchase applies only from a state allowed to reach it.
const mayBecome = (to: PurchaseState) =>
  `state IN (${statesThatMayBecome(to)
    .map((st) => `'${st}'`)
    .join(', ')})`;
const MAY_SUCCEED = mayBecome('success');
const SETTLE_SUCCESS = `UPDATE purchases SET state = 'success', result = ?, upstream_name = COALESCE(?, upstream_name),
    upstream_reference = COALESCE(?, upstream_reference), needs_attention = 0, updated_at = ?
  WHERE id = ? AND ${MAY_SUCCEED} RETURNING ${PURCHASE_COLUMNS}`;
const MAY_FAIL = mayBecome('failed');
const SETTLE_FAILED = `UPDATE purchases SET state = 'failed', failure_reason = ?, public_failure_reason = ?, needs_attention = 0, updated_at = ?
  WHERE id = ? AND ${MAY_FAIL} RETURNING ${PURCHASE_COLUMNS}`;

/**
 * The store's functions that move money change a purchase and post its ledger entry as two
 * statements: only the caller's transaction makes them one change.
 */
function assertInTransaction(db: Db, what: string): void {
  if (!db.inTransaction) throw new Error(`${what} moves money: call it inside a transaction`);
}

/**
 * pending -> success, storing what was delivered, and its event. False when it was already
 * final. `jobFinished`: the caller's statement already marked the vend job done.
 */
export function settleSuccess(
  db: Db,
  purchaseId: number,
  result: Record<string, unknown>,
  upstream: { name?: string | null; reference?: string | null } = {},
  jobFinished = false,
): boolean {
  forgetPurchase(db, purchaseId);
  const settled = purchaseQuery(db, SETTLE_SUCCESS).get(
    resultColumn(db, result),
    upstream.name ?? null,
    upstream.reference ?? null,
    nowIso(db),
    purchaseId,
  );
  if (!jobFinished) finishJob(db, purchaseId);
  if (settled) {
    const p = purchaseOf(settled, db);
    noteStateChange(db, p);
    recordPurchaseOutcome(db, p);
  }
  return settled !== undefined;
}

/**
 * pending -> failed, the debit refunded by one ledger entry and its event, in the caller's
 * transaction. `reason` is the node's own (logs, console, CLI); `publicReason` what the API says.
 */
export function settleFailed(
  db: Db,
  purchaseId: number,
  { reason, publicReason }: { reason: string; publicReason: string },
  actor: string,
  jobFinished = false,
): boolean {
  assertInTransaction(db, 'settleFailed');
  forgetPurchase(db, purchaseId);
  const p = getPurchaseById(db, purchaseId);
  if (!p || !canTransition(p.state, 'failed')) return false;
  // Guarded in SQL too, as the success is: the row read above is the one the refund is for.
  const failed = purchaseQuery(db, SETTLE_FAILED).get(reason, publicReason, nowIso(db), purchaseId);
  if (!failed) return false;
  postLedgerEntryFor(db, p.merchantId, p.environment, {
    kind: 'refund',
    amountKobo: p.debitKobo,
    purchaseId,
    reason: `refund ${p.internalReference}: ${reason}`.slice(0, 500),
    actor,
  });
  if (!jobFinished) finishJob(db, purchaseId);
  noteStateChange(db, p);
  recordPurchaseOutcome(db, purchaseOf(failed, db));
  return true;
}

/**
 * Reconciliation found that the upstream delivered a purchase we failed and refunded: it
 * becomes a success and the wallet pays it again by one `debit_correction` entry (throws
 * InsufficientBalance, changing nothing, when the wallet is short). In the caller's transaction.
 */
export function correctFailedToSuccess(
  db: Db,
  purchaseId: number,
  input: {
    actor: string;
    reason: string;
    /** What the upstream says it delivered (a token, a PIN) and its reference, kept as a vend's would be. */
    delivered?: { result: Record<string, unknown>; upstreamReference?: string };
  },
): Purchase {
  assertInTransaction(db, 'correctFailedToSuccess');
  forgetPurchase(db, purchaseId);
  const p = getPurchaseById(db, purchaseId);
  if (!p) throw new NotFound(`no purchase ${purchaseId}`);
  if (p.state !== 'failed') throw new Conflict(`purchase ${p.internalReference} is ${p.state}, not failed`);
  postLedgerEntryFor(db, p.merchantId, p.environment, {
    kind: 'debit_correction',
    amountKobo: -p.debitKobo,
    purchaseId,
    reason: `correction ${p.internalReference}: ${input.reason}`.slice(0, 500),
    actor: input.actor,
  });
  const row = purchaseQuery(
    db,
    `UPDATE purchases SET state = 'success', failure_reason = NULL, public_failure_reason = NULL, result = COALESCE(?, result),
       upstream_reference = COALESCE(?, upstream_reference), updated_at = ? WHERE id = ? AND state = 'failed'
       RETURNING ${PURCHASE_COLUMNS}`,
  ).get(
    input.delivered ? resultColumn(db, input.delivered.result) : null,
    input.delivered?.upstreamReference ?? null,
    nowIso(db),
    purchaseId,
  );
  const corrected = purchaseOf(writtenRow(row, 'purchase', p.internalReference), db);
  noteStateChange(db, corrected);
  // An integrator told `transaction.failed` must learn the sale was delivered after all.
  recordPurchaseOutcome(db, corrected);
  return corrected;
}

export type ReversalSource = 'admin' | 'upstream' | 'reconciliation';

/**
 * success -> reversed: the debit is credited back by one 'reversal' ledger entry, with its
 * audit entry and `transaction.reversed` event, in the caller's transaction. The guarded
 * update is the once-only rule (the ledger's unique index is the database's own); null when
 * the purchase was not a completed sale, and nothing was written.
 */
export function reverseCompletedSale(
  db: Db,
  purchaseId: number,
  input: { reason: string; actor: string; source: ReversalSource },
): Purchase | null {
  assertInTransaction(db, 'reverseCompletedSale');
  forgetPurchase(db, purchaseId);
  const now = nowIso(db);
  const row = purchaseQuery(
    db,
    `UPDATE purchases SET state = 'reversed', reversed_at = ?, reversal_reason = ?, needs_attention = 0,
         updated_at = ?
       WHERE id = ? AND ${mayBecome('reversed')} RETURNING ${PURCHASE_COLUMNS}`,
  ).get(now, input.reason, now, purchaseId);
  if (!row) return null;
  const p = purchaseOf(row, db);
  noteStateChange(db, p);
  postLedgerEntryFor(db, p.merchantId, p.environment, {
    kind: 'reversal',
    amountKobo: p.debitKobo,
    purchaseId,
    reason: `reversal ${p.internalReference}: ${input.reason}`.slice(0, 500),
    actor: input.actor,
  });
  recordAudit(db, input.actor, 'purchase.reverse', p.internalReference, {
    source: input.source,
    reason: input.reason,
    amount_kobo: p.debitKobo,
  });
  recordPurchaseOutcome(db, p);
  return p;
}

export function touchPurchase(
  db: Db,
  purchaseId: number,
  fields: { upstreamName?: string; upstreamReference?: string },
): void {
  forgetPurchase(db, purchaseId);
  prep(
    db,
    `UPDATE purchases SET upstream_name = COALESCE(?, upstream_name), upstream_reference = COALESCE(?, upstream_reference)
     WHERE id = ?`,
  ).run(fields.upstreamName ?? null, fields.upstreamReference ?? null, purchaseId);
}

/** Flags a pending purchase for an operator; false when it was no longer pending (nothing changed). */
export function flagNeedsAttention(db: Db, purchaseId: number): boolean {
  forgetPurchase(db, purchaseId);
  return (
    prep(db, `UPDATE purchases SET needs_attention = 1 WHERE id = ? AND state = 'pending'`).run(purchaseId)
      .changes > 0
  );
}
