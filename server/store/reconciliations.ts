import type { Db } from './db.js';
import { nowIso, prep } from './db.js';
import { NotFound } from '../domain/errors.js';
import type { Classification, RunCounts } from '../domain/reconciliation.js';
import { camelRow, type RowOf } from './rows.js';
import { countOpenExceptions, type FoundException } from './reconciliation-exceptions.js';

/**
 * A reconciliation run's record: started, finished (its exceptions stored) or failed, listed,
 * and its e-mail noted. The rows it compares are in reconciliation-staging.ts, the exceptions
 * it leaves in reconciliation-exceptions.ts, the daily schedule's settings in
 * reconciliation-settings.ts.
 */

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

/** The run's counts are JSON text in the row. */
type RunRow = RowOf<Omit<ReconciliationRun, 'counts' | 'openNow'>> & { counts: string };

function toRun(r: RunRow): ReconciliationRun {
  return { ...camelRow(r), counts: JSON.parse(r.counts) as Partial<RunCounts> };
}

export function startRun(
  db: Db,
  input: { upstreamName: string; day: string; timezone: string; actor: string },
): ReconciliationRun {
  const row = prep(
    db,
    `INSERT INTO reconciliation_runs (upstream_name, day, timezone, actor, started_at) VALUES (?, ?, ?, ?, ?)
     RETURNING *`,
  ).get(input.upstreamName, input.day, input.timezone, input.actor, nowIso(db)) as RunRow;
  return toRun(row);
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
      const now = nowIso(db);
      const upsert = prep(
        db,
        `INSERT INTO reconciliation_exceptions (upstream_name, day, reference, kind, purchase_id, our_state,
           our_amount_kobo, their_state, their_amount_kobo, first_run_id, created_at, updated_at, sent_to)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (upstream_name, reference) DO UPDATE SET kind = excluded.kind, purchase_id = excluded.purchase_id,
           our_state = excluded.our_state, our_amount_kobo = excluded.our_amount_kobo,
           their_state = excluded.their_state, their_amount_kobo = excluded.their_amount_kobo, status = 'open',
           resolution = NULL, resolved_by = NULL, resolved_reason = NULL, resolved_at = NULL,
           updated_at = excluded.updated_at, sent_to = excluded.sent_to
         WHERE (status <> 'resolved' AND (status = 'cleared' OR kind IS NOT excluded.kind
           OR our_state IS NOT excluded.our_state OR our_amount_kobo IS NOT excluded.our_amount_kobo
           OR their_state IS NOT excluded.their_state OR their_amount_kobo IS NOT excluded.their_amount_kobo
           OR sent_to IS NOT excluded.sent_to))
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
          e.sentTo ?? null,
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

/** Marks the run failed and returns it as stored, finished_at and the kept error included. */
export function failRun(db: Db, runId: number, error: string): ReconciliationRun {
  return db
    .transaction(() => {
      const row = prep(
        db,
        `UPDATE reconciliation_runs SET state = 'failed', error = ?, finished_at = ? WHERE id = ? RETURNING *`,
      ).get(error.slice(0, 500), nowIso(db), runId) as RunRow;
      prep(db, 'DELETE FROM reconciliation_rows WHERE run_id = ?').run(runId);
      return toRun(row);
    })
    .immediate();
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
