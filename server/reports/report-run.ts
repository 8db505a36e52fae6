import { listMerchants, requireMerchant, type Merchant } from '../store/merchants.js';
import { failInterruptedDeliveries, findDelivery } from '../store/report-deliveries.js';
import { STALE_SENDING_MS } from '../domain/delivery-policy.js';
import { recordAudit } from '../store/audit.js';
import { dayWindow, parseDay } from '../domain/business-days.js';
import { InvalidInput } from '../domain/errors.js';
import { getReportSettings } from './report-settings.js';
import { reportSummaryJson } from './report-builder.js';
import {
  buildReport,
  deliveryJson,
  openTransport,
  reportEnvironments,
  sendReport,
  SMTP_NOT_CONFIGURED,
  type ReportContext,
} from './delivery-service.js';

/**
 * `report run --date D [--send] [--code C]` (DESIGN "Operator CLI contract"), on the caller's
 * connection: builds the day's reports of every merchant with report recipients (or of merchant
 * C) and, with --send, e-mails the ones not delivered yet. A delivered report is not sent again
 * (the console resends). The CLI (cli/reports.ts) opens the data directory for it, a running
 * node (the console) passes its own, so no second SQLite connection is opened inside it.
 */
export async function runReports(
  ctx: ReportContext,
  o: {
    date: string;
    send: boolean;
    code?: string;
    actor: string;
    /** What to say when no SMTP server is set (the CLI names its own flag). */
    smtpMissing?: string;
  },
): Promise<{ ok: boolean; json: unknown; human: string }> {
  const day = parseDay(o.date, 'date');
  const db = ctx.db;
  const settings = getReportSettings(db, ctx.box);
  const window = dayWindow(day, settings.timezone);
  // A day not yet begun has no sales: an empty answer would read as "nothing sold".
  if (ctx.now() < Date.parse(window.from))
    throw new InvalidInput(`${day} has not begun yet in ${settings.timezone}`, 'date');
  if (o.send && ctx.now() < Date.parse(window.to)) {
    throw new InvalidInput(
      `${day} has not ended yet in ${settings.timezone}; its report can be sent from the next day`,
      'date',
    );
  }
  const merchants: Merchant[] = o.code
    ? [requireMerchant(db, o.code)]
    : listMerchants(db).filter((m) => m.reportEmails.length > 0);
  const transport = o.send ? openTransport(ctx, settings) : null;
  // A send cut off (a killed CLI) is given up after the same wait a running node allows, so a
  // later run can send it even when no node is running to notice.
  if (o.send)
    failInterruptedDeliveries(
      db,
      new Date(ctx.now() - STALE_SENDING_MS).toISOString(),
      new Date(ctx.now()).toISOString(),
    );
  const reports: Record<string, unknown>[] = [];
  let ok = true;
  try {
    for (const m of merchants) {
      for (const env of reportEnvironments(m)) {
        if (!o.send) {
          const report = buildReport(ctx, m, env, day, settings.timezone);
          reports.push({
            ...reportSummaryJson(report),
            recipients: m.reportEmails,
            sent: false,
            delivery: deliveryJson(findDelivery(db, m.id, env, day)),
          });
          continue;
        }
        if (!m.reportEmails.length || !transport) {
          const error = !m.reportEmails.length
            ? `${m.code} has no report recipients (merchant update --report-email)`
            : (o.smtpMissing ?? SMTP_NOT_CONFIGURED);
          const report = buildReport(ctx, m, env, day, settings.timezone);
          reports.push({
            ...reportSummaryJson(report),
            recipients: m.reportEmails,
            sent: false,
            error,
            delivery: deliveryJson(findDelivery(db, m.id, env, day)),
          });
          ok = false;
          continue;
        }
        const r = await sendReport(ctx, {
          merchant: m,
          environment: env,
          day,
          mode: 'manual',
          settings,
          transport,
        });
        // Not delivered by this run: a send under way elsewhere may yet fail.
        if (r.error || r.skipped === 'in_progress') ok = false;
        reports.push({
          ...reportSummaryJson(r.report),
          recipients: m.reportEmails,
          sent: r.sent,
          ...(r.skipped ? { skipped: r.skipped } : {}),
          ...(r.error ? { error: r.error } : {}),
          delivery: deliveryJson(r.delivery),
        });
        if (r.sent) recordAudit(db, o.actor, 'report.send', m.code, { environment: env, date: day });
      }
    }
  } finally {
    transport?.close();
  }
  const json = { reports, ...(transport ? { smtp: transport.description } : {}) };
  return { ok, json, human: humanLines(reports, o.send) };
}

function humanLines(reports: Record<string, unknown>[], send: boolean): string {
  if (!reports.length)
    return 'No reports: no merchant has report recipients (merchant update --report-email).';
  return reports
    .map((r) => {
      const totals = r.totals as { count: number; amount: string };
      const head = `${String(r.merchant_code).padEnd(12)} ${String(r.environment).padEnd(4)} ${r.date}: ${r.transactions} rows, ${totals.count} successful for NGN ${totals.amount}, closing balance NGN ${r.closing_balance}`;
      if (!send) return head;
      const what = r.sent
        ? `sent to ${(r.recipients as string[]).join(', ')}`
        : r.error
          ? `NOT sent: ${r.error}`
          : r.skipped === 'in_progress'
            ? `NOT sent: another send of it is under way (one cut off is given up ${STALE_SENDING_MS / 60_000} minutes after it began; run this again then)`
            : `not sent (${r.skipped})`;
      return `${head}; ${what}`;
    })
    .join('\n');
}
