import type { Services } from '../services/context.js';
import { reconcilableUpstreams } from '../services/reconciliation.js';
import { listRuns, upstreamsReconciled } from '../store/reconciliations.js';
import { getReconciliationSettings } from '../store/reconciliation-settings.js';
import { addDays, localDay, sendTimeReached, type Day } from '../domain/business-days.js';
import { getReportSettings } from '../reports/report-settings.js';
import { reportContextOf, type ReportLog } from '../reports/delivery-service.js';
import { runReconciliation } from '../reports/reconciliation-run.js';

/** A failed run (upstream down) is tried again after this long, not on every tick. */
export const RECONCILIATION_RETRY_MS = 30 * 60_000;

/**
 * Each morning from the configured time (business timezone), yesterday is reconciled once
 * per vending-api upstream; an upstream whose run failed is tried again every half hour.
 * Returns the day and the upstreams it ran, for tests and logs.
 */
export async function runReconciliationSchedule(
  s: Services,
  log: ReportLog,
  nodeUrl: string | null,
): Promise<{ day: Day; upstreams: string[] } | null> {
  const now = s.now();
  const tz = getReportSettings(s.db, s.box).timezone;
  if (!sendTimeReached(now, tz, getReconciliationSettings(s.db).runTime)) return null;
  const day = addDays(localDay(now, tz), -1);
  const done = upstreamsReconciled(s.db, day);
  const recent = new Set(
    listRuns(s.db, 200)
      .filter((r) => r.day === day && now - Date.parse(r.startedAt) < RECONCILIATION_RETRY_MS)
      .map((r) => r.upstreamName),
  );
  const due = reconcilableUpstreams(s.db).filter((u) => !done.has(u) && !recent.has(u));
  const ctx = { ...reportContextOf(s, { nodeUrl, log }), router: s.router };
  for (const upstream of due) {
    const r = await runReconciliation(ctx, { day, upstream, actor: 'schedule' });
    for (const run of r.runs)
      log.info({ day, upstream, state: run.state, open: run.openExceptions }, 'reconciliation run finished');
  }
  return { day, upstreams: due };
}

/** The named job node.ts hands to startSchedules: a cheap check every minute. */
export function reconciliationScheduleJob(
  s: Services,
  log: ReportLog,
  nodeUrl: string,
): { expression: string; run: () => Promise<unknown> } {
  return { expression: '0 * * * * *', run: () => runReconciliationSchedule(s, log, nodeUrl) };
}
