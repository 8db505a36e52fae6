import type { Db } from './db.js';
import { nowIso, prep } from './db.js';
import { recordAudit } from './audit.js';
import { Conflict, InsufficientBalance, InvalidInput, NotFound } from '../domain/errors.js';
import type { Classification, ExceptionKind, RunCounts, TheirState } from '../domain/reconciliation.js';
import { correctFailedToSuccess } from './purchase-settle.js';
import { getSetting, setSetting } from './settings.js';
import { parseTimeOfDay } from '../domain/business-days.js';
import { camelRow, type RowOf } from './rows.js';
import { SqlWhere } from './sql-where.js';

/** One row of the upstream's list, staged on disk while its run compares. */
export interface StagedRow {
  reference: string;
  state: TheirState;
  amountKobo: number;
  createdAt: string;
}

export interface ReconciliationRun {
  id: number;
  upstreamName: string;
  day: string;
  timezone: string;
  state: 'running' | 'done' | 'failed';
  actor: string;
  upstreamRows: number;
  ourRows: number;
  counts: Partial<RunCounts>;
  /** Open exceptions of the day when the run finished. */
  openExceptions: number;
  /** Open exceptions of the day and upstream now (lists only): resolving one lowers it. */
  openNow?: number;
  error: string | null;
  mail: string | null;
  startedAt: string;
  finishedAt: string | null;
}

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
}

/** An exception as the engine found it, before it is stored. */
export type FoundException = Pick<
  ReconciliationException,
  'reference' | 'kind' | 'purchaseId' | 'ourState' | 'ourAmountKobo' | 'theirState' | 'theirAmountKobo'
>;

/** The run's counts are JSON text in the row. */
type RunRow = RowOf<Omit<ReconciliationRun, 'counts' | 'openNow'>> & { counts: string };
type ExceptionRow = RowOf<ReconciliationException>;

function toRun(r: RunRow): ReconciliationRun {
  return { ...camelRow(r), counts: JSON.parse(r.counts) as Partial<RunCounts> };
}

const toException = (r: ExceptionRow): ReconciliationException => camelRow(r);

export function startRun(
  db: Db,
  input: { upstreamName: string; day: string; timezone: string; actor: string },
): ReconciliationRun {
  const row = prep(
    db,
    `INSERT INTO reconciliation_runs (upstream_name, day, timezone, actor, started_at) VALUES (?, ?, ?, ?, ?)
     RETURNING *`,
  ).get(input.upstreamName, input.day, input.timezone, input.actor, nowIso()) as RunRow;
  return toRun(row);
}

/** One page of the upstream's rows; a key listed twice (a row that moved between pages) keeps its last answer. */
export function stageRows(db: Db, runId: number, rows: readonly StagedRow[]): void {
  if (!rows.length) return;
  const insert = prep(
    db,
    `INSERT INTO reconciliation_rows (run_id, reference, state, amount_kobo, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, reference) DO UPDATE SET state = excluded.state, amount_kobo = excluded.amount_kobo,
       created_at = excluded.created_at`,
  );
  db.transaction(() => {
    for (const r of rows) insert.run(runId, r.reference, r.state, r.amountKobo, r.createdAt);
  }).immediate();
}

/** How many distinct upstream rows a run has staged (a row read twice counts once). */
export function countStaged(db: Db, runId: number): number {
  return (
    prep(db, 'SELECT COUNT(*) AS n FROM reconciliation_rows WHERE run_id = ?').get(runId) as { n: number }
  ).n;
}

/** A live purchase of the day at the upstream beside the upstream's row for its key (null fields: none). */
export interface OurSideRow {
  purchaseId: number;
  reference: string;
  state: string;
  amountKobo: number;
  theirState: TheirState | null;
  theirAmountKobo: number | null;
}

/** Streams our side of the day (never all in memory): each live transaction sent to the upstream. */
export function* ourSideOfDay(
  db: Db,
  runId: number,
  upstreamName: string,
  window: { from: string; to: string },
): Generator<OurSideRow> {
  const stmt = db.prepare(
    `SELECT p.id AS purchaseId, p.internal_reference AS reference, p.state AS state, p.amount_kobo AS amountKobo,
            r.state AS theirState, r.amount_kobo AS theirAmountKobo
       FROM purchases p
       LEFT JOIN reconciliation_rows r ON r.run_id = ? AND r.reference = p.internal_reference
      WHERE p.merchant_id IN (SELECT id FROM merchants) AND p.environment = 'live' AND p.kind = 'transaction'
        AND p.created_at >= ? AND p.created_at < ? AND p.upstream_name = ?`,
  );
  yield* stmt.iterate(runId, window.from, window.to, upstreamName) as IterableIterator<OurSideRow>;
}

/**
 * Our live gift-card and eSIM orders of the day sent to the upstream, by id. The spec lists
 * no orders, so each is asked about by its own status; a day holds few enough to keep the ids.
 */
export function ourOrdersOfDay(db: Db, upstreamName: string, window: { from: string; to: string }): number[] {
  return prep(
    db,
    `SELECT id FROM purchases
      WHERE merchant_id IN (SELECT id FROM merchants) AND environment = 'live' AND kind IN ('giftcard', 'esim')
        AND created_at >= ? AND created_at < ? AND upstream_name = ?
      ORDER BY id`,
  )
    .pluck()
    .all(window.from, window.to, upstreamName) as number[];
}

/** The upstream's rows of the day that no purchase of ours sent to it carries. */
export function* theirSideOnly(
  db: Db,
  runId: number,
  upstreamName: string,
  window: { from: string; to: string },
): Generator<StagedRow & { purchaseId: number | null }> {
  const stmt = db.prepare(
    `SELECT r.reference AS reference, r.state AS state, r.amount_kobo AS amountKobo, r.created_at AS createdAt,
            (SELECT id FROM purchases WHERE internal_reference = r.reference) AS purchaseId
       FROM reconciliation_rows r
      WHERE r.run_id = ? AND r.created_at >= ? AND r.created_at < ?
        AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.internal_reference = r.reference AND p.upstream_name = ?)`,
  );
  yield* stmt.iterate(runId, window.from, window.to, upstreamName) as IterableIterator<
    StagedRow & { purchaseId: number | null }
  >;
}

export function purchaseSide(
  db: Db,
  reference: string,
): { id: number; state: string; amountKobo: number } | null {
  return (
    (prep(db, 'SELECT id, state, amount_kobo AS amountKobo FROM purchases WHERE internal_reference = ?').get(
      reference,
    ) as { id: number; state: string; amountKobo: number } | undefined) ?? null
  );
}

/**
 * Ends a run in one commit: each exception found is stored once per upstream and key (an
 * unchanged one is left as it is; a resolved one stays resolved while the difference is the
 * one it was resolved as, and opens again, its resolution kept in the audit log, when the key
 * now differs in another way: a corrected sale reversed later), open exceptions of the day
 * no longer found are marked cleared, and the staged rows are dropped.
 */
export function finishRun(
  db: Db,
  runId: number,
  result: {
    counts: Record<Classification, number>;
    upstreamRows: number;
    ourRows: number;
    found: FoundException[];
  },
): ReconciliationRun {
  return db
    .transaction(() => {
      const run = getRun(db, runId);
      if (!run) throw new NotFound(`no reconciliation run ${runId}`);
      const now = nowIso();
      const upsert = prep(
        db,
        `INSERT INTO reconciliation_exceptions (upstream_name, day, reference, kind, purchase_id, our_state,
           our_amount_kobo, their_state, their_amount_kobo, first_run_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (upstream_name, reference) DO UPDATE SET kind = excluded.kind, purchase_id = excluded.purchase_id,
           our_state = excluded.our_state, our_amount_kobo = excluded.our_amount_kobo,
           their_state = excluded.their_state, their_amount_kobo = excluded.their_amount_kobo, status = 'open',
           resolution = NULL, resolved_by = NULL, resolved_reason = NULL, resolved_at = NULL,
           updated_at = excluded.updated_at
         WHERE (status <> 'resolved' AND (status = 'cleared' OR kind IS NOT excluded.kind
           OR our_state IS NOT excluded.our_state OR our_amount_kobo IS NOT excluded.our_amount_kobo
           OR their_state IS NOT excluded.their_state OR their_amount_kobo IS NOT excluded.their_amount_kobo))
           OR (status = 'resolved' AND kind IS NOT excluded.kind)`,
      );
      const refs = new Set<string>();
      for (const e of result.found) {
        refs.add(e.reference);
        upsert.run(
          run.upstreamName,
          run.day,
          e.reference,
          e.kind,
          e.purchaseId,
          e.ourState,
          e.ourAmountKobo,
          e.theirState,
          e.theirAmountKobo,
          runId,
          now,
          now,
        );
      }
      const open = prep(
        db,
        `SELECT id, reference FROM reconciliation_exceptions WHERE upstream_name = ? AND day = ? AND status = 'open'`,
      ).all(run.upstreamName, run.day) as { id: number; reference: string }[];
      const clear = prep(
        db,
        `UPDATE reconciliation_exceptions SET status = 'cleared', updated_at = ? WHERE id = ?`,
      );
      for (const o of open) if (!refs.has(o.reference)) clear.run(now, o.id);
      prep(db, 'DELETE FROM reconciliation_rows WHERE run_id = ?').run(runId);
      return toRun(
        prep(
          db,
          `UPDATE reconciliation_runs SET state = 'done', upstream_rows = ?, our_rows = ?, counts = ?,
             open_exceptions = ?, finished_at = ? WHERE id = ? RETURNING *`,
        ).get(
          result.upstreamRows,
          result.ourRows,
          JSON.stringify(result.counts),
          countOpenExceptions(db, run.day, run.upstreamName),
          now,
          runId,
        ) as RunRow,
      );
    })
    .immediate();
}

export function failRun(db: Db, runId: number, error: string): void {
  db.transaction(() => {
    prep(db, `UPDATE reconciliation_runs SET state = 'failed', error = ?, finished_at = ? WHERE id = ?`).run(
      error.slice(0, 500),
      nowIso(),
      runId,
    );
    prep(db, 'DELETE FROM reconciliation_rows WHERE run_id = ?').run(runId);
  }).immediate();
}

export function getRun(db: Db, id: number): ReconciliationRun | null {
  const r = prep(db, 'SELECT * FROM reconciliation_runs WHERE id = ?').get(id) as RunRow | undefined;
  return r ? toRun(r) : null;
}

export function listRuns(db: Db, limit = 100): ReconciliationRun[] {
  const rows = prep(
    db,
    `SELECT r.*, (SELECT COUNT(*) FROM reconciliation_exceptions e
               WHERE e.day = r.day AND e.upstream_name = r.upstream_name AND e.status = 'open') AS open_now
       FROM reconciliation_runs r ORDER BY r.id DESC LIMIT ?`,
  ).all(limit) as (RunRow & { open_now: number })[];
  return rows.map(({ open_now, ...r }) => ({ ...toRun(r), openNow: open_now }));
}

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
      return getException(db, input.id)!;
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
  const now = nowIso();
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
  recordAudit(db, input.actor, 'reconciliation.resolve', e.reference, {
    exception_id: e.id,
    kind: e.kind,
    resolution: input.resolution,
    reason: input.reason,
    ...(input.detail ?? {}),
  });
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
      return getException(db, input.id)!;
    })
    .immediate();
}

/** When the daily run starts (local HH:MM in the business timezone) and who gets its e-mail. */
export interface ReconciliationSettings {
  runTime: string;
  operatorEmails: string[];
}

export const RECONCILIATION_DEFAULTS: ReconciliationSettings = { runTime: '02:30', operatorEmails: [] };

export function getReconciliationSettings(db: Db): ReconciliationSettings {
  return {
    runTime: getSetting(db, 'reconciliation.run_time', RECONCILIATION_DEFAULTS.runTime),
    operatorEmails: getSetting(db, 'reconciliation.operator_emails', RECONCILIATION_DEFAULTS.operatorEmails),
  };
}

export function setReconciliationSettings(
  db: Db,
  input: Partial<ReconciliationSettings>,
  actor: string,
): ReconciliationSettings {
  if (input.runTime !== undefined) parseTimeOfDay(input.runTime, 'run_time');
  for (const e of input.operatorEmails ?? [])
    if (!/^[^\s@]+@[^\s@]+$/.test(e))
      throw new InvalidInput(`"${e}" is not an e-mail address`, 'operator_emails');
  db.transaction(() => {
    if (input.runTime !== undefined) setSetting(db, 'reconciliation.run_time', input.runTime);
    if (input.operatorEmails !== undefined)
      setSetting(db, 'reconciliation.operator_emails', input.operatorEmails);
    recordAudit(db, actor, 'reconciliation.settings', 'reconciliation', input);
  }).immediate();
  return getReconciliationSettings(db);
}

/** Upstreams with a finished run of the day: the schedule runs a day once per upstream. */
export function upstreamsReconciled(db: Db, day: string): Set<string> {
  return new Set(
    (
      prep(
        db,
        `SELECT DISTINCT upstream_name AS name FROM reconciliation_runs WHERE day = ? AND state = 'done'`,
      ).all(day) as { name: string }[]
    ).map((r) => r.name),
  );
}

/** Whether an earlier failed run of the day and upstream already e-mailed its failure. */
export function failureMailedBefore(
  db: Db,
  run: Pick<ReconciliationRun, 'id' | 'day' | 'upstreamName'>,
): boolean {
  return (
    prep(
      db,
      `SELECT 1 FROM reconciliation_runs WHERE day = ? AND upstream_name = ? AND id < ? AND state = 'failed'
         AND mail LIKE 'sent to %' LIMIT 1`,
    ).get(run.day, run.upstreamName, run.id) !== undefined
  );
}

/** Records that a run's e-mail went out (or why not), so a run is mailed at most once. */
export function noteRunMail(db: Db, runId: number, note: string): void {
  prep(db, 'UPDATE reconciliation_runs SET mail = ? WHERE id = ?').run(note.slice(0, 300), runId);
}
