import type { Services } from '../services/context.js';
import { listMerchants, getMerchantById, type Merchant } from '../store/merchants.js';
import {
  deliveryKeysSince,
  ensureDelivery,
  failInterruptedDeliveries,
  listDeliveriesToAttempt,
  notePendingDeliveries,
} from '../store/report-deliveries.js';
import {
  addDays,
  isBusinessDay,
  localDay,
  reportDaysDue,
  sendTimeReached,
  type Day,
} from '../domain/business-days.js';
import { getReportSettings } from '../reports/report-settings.js';
import { STALE_SENDING_MS } from '../domain/delivery-policy.js';
import {
  openTransport,
  reportContextOf,
  reportEnvironments,
  sendReport,
  SMTP_NOT_CONFIGURED,
  type ReportContext,
  type ReportLog,
} from '../reports/delivery-service.js';

/**
 * The daily-report schedule (DESIGN "Schedules"). Each tick: on a business day past the send
 * time, record a delivery for every merchant, environment and earlier day not yet delivered
 * (Monday: Friday, Saturday, Sunday); then attempt whatever is pending or due for a retry.
 * Ticks are frequent and cheap, so settings edited in the console apply without a restart
 * and a retry goes out close to its time.
 */

export interface ReportTickSummary {
  today: Day;
  businessDay: boolean;
  /** Deliveries recorded by this tick. */
  created: number;
  attempted: number;
  sent: number;
  failed: number;
  /** Sends of a dead process found and marked failed. */
  interrupted: number;
}

/** Records the deliveries due today that do not exist yet; returns how many. */
function recordDueDeliveries(
  ctx: ReportContext,
  today: Day,
  nowIso: string,
  s: ReturnType<typeof getReportSettings>,
): number {
  const tz = s.timezone;
  const known = deliveryKeysSince(ctx.db, addDays(today, -Math.max(1, s.lookbackDays)));
  let created = 0;
  for (const m of listMerchants(ctx.db)) {
    if (!m.reportEmails.length) continue;
    // No report of days before the merchant existed.
    const earliest = localDay(Date.parse(m.createdAt), tz);
    for (const env of reportEnvironments(m)) {
      const due = reportDaysDue(today, { holidays: s.holidays, lookbackDays: s.lookbackDays, earliest });
      for (const day of due.filter((d) => !known.has(`${m.id}|${env}|${d}`))) {
        ensureDelivery(ctx.db, { merchantId: m.id, environment: env, day, timezone: tz, nowIso });
        created++;
      }
    }
  }
  return created;
}

export async function runReportSchedule(ctx: ReportContext): Promise<ReportTickSummary> {
  const nowMs = ctx.now();
  const nowIso = new Date(nowMs).toISOString();
  const settings = getReportSettings(ctx.db, ctx.box);
  const today = localDay(nowMs, settings.timezone);
  const businessDay = isBusinessDay(today, settings.holidays);
  const summary: ReportTickSummary = {
    today,
    businessDay,
    created: 0,
    attempted: 0,
    sent: 0,
    failed: 0,
    interrupted: 0,
  };
  summary.interrupted = failInterruptedDeliveries(
    ctx.db,
    new Date(nowMs - STALE_SENDING_MS).toISOString(),
    nowIso,
  );
  if (businessDay && sendTimeReached(nowMs, settings.timezone, settings.sendTime)) {
    summary.created = recordDueDeliveries(ctx, today, nowIso, settings);
  }
  const todo = listDeliveriesToAttempt(ctx.db, nowIso);
  if (!todo.length) return summary;
  const transport = openTransport(ctx, settings);
  if (!transport) {
    // Waiting costs no attempt: the reports go out as soon as SMTP is configured. Logged once
    // per newly waiting delivery, not on every tick.
    const pending = todo.filter((d) => d.state === 'pending').map((d) => d.id);
    const noted = notePendingDeliveries(ctx.db, pending, SMTP_NOT_CONFIGURED, nowIso);
    if (noted > 0) ctx.log.warn({ waiting: pending.length }, 'daily reports waiting: SMTP is not configured');
    return summary;
  }
  const merchants = new Map<number, Merchant | null>();
  try {
    for (const d of todo) {
      if (!merchants.has(d.merchantId)) merchants.set(d.merchantId, getMerchantById(ctx.db, d.merchantId));
      const merchant = merchants.get(d.merchantId);
      if (!merchant) continue;
      const r = await sendReport(ctx, {
        merchant,
        environment: d.environment,
        day: d.reportDate,
        mode: 'scheduled',
        settings,
        transport,
      });
      if (!r.delivery || r.skipped) continue;
      summary.attempted++;
      if (r.sent) summary.sent++;
      else summary.failed++;
    }
  } finally {
    transport.close();
  }
  return summary;
}

/** Every 15 seconds: frequent enough for retries and setting changes, cheap when idle. */
export const REPORT_SCHEDULE_EXPRESSION = '*/15 * * * * *';

/** The named job node.ts hands to startSchedules. */
export function reportScheduleJob(
  s: Services,
  log: ReportLog,
  nodeUrl: string,
): { expression: string; run: () => Promise<unknown> } {
  const ctx = reportContextOf(s, { nodeUrl, log });
  return { expression: REPORT_SCHEDULE_EXPRESSION, run: () => runReportSchedule(ctx) };
}
