import type { Db } from './db.js';
import { nowIso, prep } from './db.js';
import { recordAudit } from './audit.js';
import { Conflict, InsufficientBalance, InvalidInput, NotFound } from '../domain/errors.js';
import type { ExceptionKind } from '../domain/reconciliation.js';
import { correctFailedToSuccess } from './purchase-settle.js';
import { camelRow, writtenRow, type RowOf } from './rows.js';
import { SqlWhere } from './sql-where.js';

/**
 * The differences reconciliation runs leave for an operator: read, listed, counted and
 * resolved (accepting the upstream's success corrects the purchase in the same commit).
 */

export interface ReconciliationException {
  id: number;
  upstreamName: string;
  day: string;
  reference: string;
  kind: ExceptionKind;
  purchaseId: number | null;
  ourState: string | null;
  ourAmountKobo: number | null;
  theirState: string | null;
  theirAmountKobo: number | null;
  status: 'open' | 'cleared' | 'resolved';
  resolution: 'accept_upstream' | 'settled_outside' | null;
  resolvedBy: string | null;
  resolvedReason: string | null;
  resolvedAt: string | null;
  firstRunId: number;
  createdAt: string;
  updatedAt: string;
  /** sent_to_other_account: the account the sale was sent to, in words (base URL, merchant code). */
  sentTo: string | null;
}

/** An exception as the engine found it, before it is stored. */
export type FoundException = Pick<
  ReconciliationException,
  'reference' | 'kind' | 'purchaseId' | 'ourState' | 'ourAmountKobo' | 'theirState' | 'theirAmountKobo'
> & { sentTo?: string | null };

type ExceptionRow = RowOf<ReconciliationException>;

const toException = (r: ExceptionRow): ReconciliationException => camelRow(r);

export function getException(db: Db, id: number): ReconciliationException | null {
  const r = prep(db, 'SELECT * FROM reconciliation_exceptions WHERE id = ?').get(id) as
    ExceptionRow | undefined;
  return r ? toException(r) : null;
}

export function listExceptions(
  db: Db,
  f: { status?: ReconciliationException['status']; day?: string; upstreamName?: string; limit?: number } = {},
): ReconciliationException[] {
  const where = new SqlWhere();
  if (f.status) where.add('status = ?', f.status);
  if (f.day) where.add('day = ?', f.day);
  if (f.upstreamName) where.add('upstream_name = ?', f.upstreamName);
  const sql = `SELECT * FROM reconciliation_exceptions ${where.clause()}
     ORDER BY id DESC LIMIT ?`;
  return (prep(db, sql).all(...where.params, f.limit ?? 500) as ExceptionRow[]).map(toException);
}

/** Open exceptions of a day (and upstream): what a run leaves for the operator. */
export function countOpenExceptions(db: Db, day: string, upstreamName?: string): number {
  return (
    prep(
      db,
      `SELECT COUNT(*) AS n FROM reconciliation_exceptions WHERE day = ? AND status = 'open'
         AND (? IS NULL OR upstream_name = ?)`,
    ).get(day, upstreamName ?? null, upstreamName ?? null) as { n: number }
  ).n;
}

function openExceptionOrThrow(db: Db, id: number): ReconciliationException {
  const e = getException(db, id);
  if (!e) throw new NotFound(`no reconciliation exception ${id}`);
  if (e.status !== 'open') throw new Conflict(`reconciliation exception ${id} is already ${e.status}`);
  return e;
}

/** Marks an open exception resolved with who, why and how, audited; no money moves here. */
export function markExceptionResolved(
  db: Db,
  input: {
    id: number;
    resolution: 'accept_upstream' | 'settled_outside';
    actor: string;
    reason: string;
    detail?: object;
  },
): ReconciliationException {
  return db
    .transaction(() => {
      const e = openExceptionOrThrow(db, input.id);
      markResolved(db, e, input);
      return writtenRow(getException(db, input.id), 'reconciliation exception', input.id);
    })
    .immediate();
}

function markResolved(
  db: Db,
  e: ReconciliationException,
  input: {
    resolution: 'accept_upstream' | 'settled_outside';
    actor: string;
    reason: string;
    detail?: object;
  },
): void {
  const now = nowIso(db);
  prep(
    db,
    `UPDATE reconciliation_exceptions SET status = 'resolved', resolution = ?, resolved_by = ?, resolved_reason = ?,
       resolved_at = ?, updated_at = ? WHERE id = ?`,
  ).run(input.resolution, input.actor, input.reason, now, now, e.id);
  // Our side as the resolution left it (a reversal or correction moves it), not as the run saw it.
  prep(
    db,
    `UPDATE reconciliation_exceptions SET our_state = COALESCE((SELECT state FROM purchases WHERE id = purchase_id), our_state)
      WHERE id = ?`,
  ).run(e.id);
  const said = { exception_id: e.id, kind: e.kind, resolution: input.resolution, reason: input.reason };
  // The extra detail follows, but never replaces what the resolution itself says.
  recordAudit(
    db,
    input.actor,
    'reconciliation.resolve',
    e.reference,
    Object.assign({}, said, input.detail, said),
  );
}

/**
 * The upstream delivered a purchase we refunded: the purchase becomes a success and the
 * wallet is debited again by one `debit_correction` entry, with the exception resolved, in one
 * commit. A wallet short of the amount refuses it and changes nothing.
 */
export function acceptUpstreamSuccess(
  db: Db,
  input: {
    id: number;
    actor: string;
    reason: string;
    delivered?: { result: Record<string, unknown>; upstreamReference?: string };
  },
): ReconciliationException {
  return db
    .transaction(() => {
      const e = openExceptionOrThrow(db, input.id);
      if (e.kind !== 'ours_failed_theirs_success' || e.purchaseId === null)
        throw new InvalidInput(`exception ${e.id} is not a refunded purchase the upstream delivered`, 'id');
      try {
        correctFailedToSuccess(db, e.purchaseId, {
          actor: input.actor,
          reason: `reconciliation with ${e.upstreamName}: ${input.reason}`,
          delivered: input.delivered,
        });
      } catch (err) {
        if (err instanceof InsufficientBalance)
          throw new InsufficientBalance(
            `The merchant's wallet cannot pay the correction of ${e.reference}: fund it first, or settle it outside the system`,
          );
        throw err;
      }
      markResolved(db, e, { resolution: 'accept_upstream', actor: input.actor, reason: input.reason });
      return writtenRow(getException(db, input.id), 'reconciliation exception', input.id);
    })
    .immediate();
}
