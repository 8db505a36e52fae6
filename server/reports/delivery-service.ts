import { holdStampsAtLeast } from '../store/stamp-clock.js';
import type { Db } from '../store/db.js';
import type { SecretBox } from '../store/secret-box.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { Merchant } from '../store/merchants.js';
import type { Services } from '../services/context.js';
import { purchasesOfDay, ledgerWindow } from '../store/report-queries.js';
import {
  claimDelivery,
  ensureDelivery,
  markDeliveryFailed,
  markDeliverySent,
  type ReportDelivery,
} from '../store/report-deliveries.js';
import { dayWindow, type Day } from '../domain/business-days.js';
import { effectiveSmtpUrl, type ReportSettings } from './report-settings.js';
import { buildDailyReport, reportSummaryJson, type DailyReport } from './report-builder.js';
import { reportCsv, reportCsvFileName } from './report-csv.js';
import { renderReportEmail } from './report-email.js';
import { nextAttemptAfterFailure, type SendMode } from '../domain/delivery-policy.js';
import { SmtpReportTransport, type OutgoingReport, type ReportTransport, type SentInfo } from './mailer.js';

export interface ReportLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}

/** What building and sending reports needs; the node, the CLI and the console each make one. */
export interface ReportContext {
  db: Db;
  box: SecretBox;
  /** --smtp-url / VENDPOINT_SMTP_URL of this process: overrides the SMTP URL in settings. */
  flagSmtpUrl: string | null;
  now: () => number;
  /** The node's own URL: the base of download links when no console URL is configured. */
  nodeUrl: string | null;
  log: ReportLog;
  /** Mail transport factory; the default speaks SMTP through nodemailer. */
  transportFor?: (url: string, from: string) => ReportTransport;
}

export const silentLog: ReportLog = { info: () => {}, warn: () => {} };

export function reportContextOf(
  s: Pick<Services, 'db' | 'box' | 'now'> & { config: Pick<Services['config'], 'smtpUrl'> },
  opts: { nodeUrl: string | null; log?: ReportLog; now?: () => number },
): ReportContext {
  return {
    db: s.db,
    box: s.box,
    flagSmtpUrl: s.config.smtpUrl,
    now: opts.now ?? s.now,
    nodeUrl: opts.nodeUrl,
    log: opts.log ?? silentLog,
  };
}

/** Live always; test too when the merchant asked for it (merchants.report_test). */
export function reportEnvironments(m: Merchant): Environment[] {
  return m.reportTest ? ['live', 'test'] : ['live'];
}

export function buildReport(
  ctx: ReportContext,
  merchant: Merchant,
  env: Environment,
  day: Day,
  tz: string,
): DailyReport {
  const { from, to } = dayWindow(day, tz);
  return buildDailyReport({
    merchant: { id: merchant.id, code: merchant.code, name: merchant.name },
    environment: env,
    date: day,
    timezone: tz,
    purchases: purchasesOfDay(ctx.db, merchant.id, env, from, to),
    ledger: ledgerWindow(ctx.db, merchant.id, env, from, to),
    nowMs: ctx.now(),
  });
}

/** The console route serving a report's CSV; large reports link here. */
export function csvDownloadUrl(base: string, code: string, env: Environment, day: Day): string {
  return `${base.replace(/\/+$/, '')}/console/reports/${encodeURIComponent(code)}/${env}/${day}/csv`;
}

/** Opens the configured transport, or null when no SMTP server is configured. */
export function openTransport(ctx: ReportContext, settings: ReportSettings): ReportTransport | null {
  const { url } = effectiveSmtpUrl(settings, ctx.flagSmtpUrl);
  if (!url) return null;
  return ctx.transportFor
    ? ctx.transportFor(url, settings.from)
    : new SmtpReportTransport(url, settings.from);
}

export const SMTP_NOT_CONFIGURED =
  'SMTP is not configured: set it in the console settings or start the node with --smtp-url';

export interface SendOutcome {
  report: DailyReport;
  delivery: ReportDelivery | null;
  sent: boolean;
  /** Why nothing was attempted. */
  skipped?: 'already_sent' | 'in_progress' | 'not_due' | 'incomplete_day';
  error?: string;
}

const messageIdOf = (d: ReportDelivery, from: string, resend: boolean) => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'vendpoint.local';
  // Stable across automatic retries, so a mailbox that already got it may drop a duplicate.
  return `<report.${d.merchantCode}.${d.environment}.${d.reportDate}.${d.resendCount + (resend ? 1 : 0)}@${domain}>`;
};

/**
 * Sends one report: claims its delivery (at most one process wins), builds it fresh, e-mails
 * it and records the outcome. A failure is recorded with its next attempt; nothing throws.
 */
export async function sendReport(
  ctx: ReportContext,
  a: {
    merchant: Merchant;
    environment: Environment;
    day: Day;
    mode: SendMode;
    settings: ReportSettings;
    transport: ReportTransport | null;
  },
): Promise<SendOutcome> {
  const { merchant, environment, day, settings } = a;
  const tz = settings.timezone;
  const nowIso = () => new Date(ctx.now()).toISOString();
  const report = buildReport(ctx, merchant, environment, day, tz);
  // A day that has not ended would go out incomplete and then count as delivered.
  if (!report.complete) return { report, delivery: null, sent: false, skipped: 'incomplete_day' };
  // Once a day is reported, nothing more is stamped inside it (a clock set back after midnight
  // would otherwise put sales into a day whose report has gone out, and into no later report).
  holdStampsAtLeast(ctx.db, report.window.to);
  const existing = ensureDelivery(ctx.db, {
    merchantId: merchant.id,
    environment,
    day,
    timezone: tz,
    nowIso: nowIso(),
  });
  const claimed = claimDelivery(ctx.db, existing.id, a.mode, nowIso());
  if (!claimed) {
    const skipped =
      existing.state === 'sent' ? 'already_sent' : existing.state === 'sending' ? 'in_progress' : 'not_due';
    return { report, delivery: existing, sent: false, skipped };
  }
  const recipients = merchant.reportEmails;
  const fail = (error: string): SendOutcome => {
    const next = recipients.length
      ? nextAttemptAfterFailure(claimed.sentAt !== null, claimed.attempts, ctx.now())
      : null;
    const delivery = markDeliveryFailed(ctx.db, claimed.id, {
      nowIso: nowIso(),
      error,
      recipients,
      nextAttemptAt: next === null ? null : new Date(next).toISOString(),
    });
    ctx.log.warn(
      {
        merchant: merchant.code,
        environment,
        date: day,
        attempts: delivery.attempts,
        state: delivery.state,
        error,
      },
      'daily report not sent',
    );
    return { report, delivery, sent: false, error };
  };
  if (!recipients.length) return fail('the merchant has no report recipients');
  if (!a.transport) return fail(SMTP_NOT_CONFIGURED);
  const resend = claimed.sentAt !== null;
  let mail: ReturnType<typeof composeReportMail>;
  let info: SentInfo;
  try {
    mail = composeReportMail(ctx, report, settings);
    info = await a.transport.send({
      to: recipients,
      ...mail,
      messageId: messageIdOf(claimed, settings.from, resend),
    });
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  if (info.accepted.length === 0)
    return fail(`the SMTP server accepted no recipient (rejected: ${info.rejected.join(', ')})`);
  // From here the mail is out: if recording it throws, the delivery stays `sending` and is
  // later marked failed for an operator, rather than being retried into a duplicate.
  const sent = markDeliverySent(ctx.db, claimed.id, {
    nowIso: nowIso(),
    messageId: info.messageId,
    recipients,
    attached: mail.attachment !== null,
    summary: reportSummaryJson(report),
    note: deliveryNote(info),
    resend,
  });
  ctx.log.info(
    {
      merchant: merchant.code,
      environment,
      date: day,
      to: info.accepted,
      attached: mail.attachment !== null,
    },
    'daily report sent',
  );
  return { report, delivery: sent, sent: true };
}

/** Subject, text, HTML and the CSV attached, or linked when it is above the size limit. */
export function composeReportMail(
  ctx: Pick<ReportContext, 'nodeUrl'>,
  report: DailyReport,
  settings: ReportSettings,
): Omit<OutgoingReport, 'to' | 'messageId'> {
  const csv = reportCsv(report);
  const bytes = Buffer.byteLength(csv, 'utf8');
  const fileName = reportCsvFileName(report);
  if (bytes <= settings.maxAttachmentBytes) {
    return {
      ...renderReportEmail(report, { kind: 'attached', fileName, bytes }),
      attachment: { fileName, content: csv },
    };
  }
  const base = settings.consoleUrl ?? ctx.nodeUrl ?? 'http://127.0.0.1:7300';
  const url = csvDownloadUrl(base, report.merchant.code, report.environment, report.date);
  return {
    ...renderReportEmail(report, { kind: 'link', url, bytes, limitBytes: settings.maxAttachmentBytes }),
    attachment: null,
  };
}

/** A delivery as the CLI prints it and the console lists it. */
export function deliveryJson(d: ReportDelivery | null) {
  if (!d) return null;
  return {
    id: d.id,
    merchant_code: d.merchantCode,
    environment: d.environment,
    date: d.reportDate,
    timezone: d.timezone,
    state: d.state,
    recipients: d.recipients,
    attempts: d.attempts,
    last_error: d.lastError,
    next_attempt_at: d.nextAttemptAt,
    sent_at: d.sentAt,
    last_sent_at: d.lastSentAt,
    message_id: d.messageId,
    resend_count: d.resendCount,
    attached: d.attached,
    summary: d.summary,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

/** What the delivery log says of recipients a sent report did not reach, or null. */
function deliveryNote(info: SentInfo): string | null {
  const parts = [
    info.notSent?.length ? `not sent to ${info.notSent.join(', ')} (an IP address as the domain)` : null,
    info.rejected.length ? `rejected by the SMTP server: ${info.rejected.join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join('; ') : null;
}
