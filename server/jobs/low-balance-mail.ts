import type { Db } from '../store/db.js';
import { dueAlertMails, finishAlertMail, retryAlertMail } from '../store/alert-mails.js';
import type { SecretBox } from '../store/secret-box.js';
import { getEvent } from '../store/events.js';
import { getMerchantById } from '../store/merchants.js';
import { getLowBalanceThreshold } from '../store/wallets.js';
import { koboToApiNaira } from '../../common/money.js';
import { getReportSettings, effectiveSmtpUrl } from '../reports/report-settings.js';
import { SmtpReportTransport, type ReportTransport } from '../reports/mailer.js';
import { nextAttemptAt } from '../domain/webhook-events.js';

/** Where low-balance e-mails go out: the report SMTP settings (or --smtp-url) and sender. */
export interface AlertMailer {
  db: Db;
  box: SecretBox;
  flagSmtpUrl: string | null;
  /** Tests may pass their own transport; otherwise SMTP through nodemailer. */
  transportFor?: (url: string, from: string) => ReportTransport;
}

/**
 * Sends the queued low-balance e-mails, one per crossing, to the merchant's report
 * recipients. No SMTP or no recipients: the mail is marked skipped (the event still goes out
 * as a webhook and in the feed). An SMTP failure is retried on the webhook schedule.
 */
export async function sendDueAlertMails(
  db: Db,
  mailer: AlertMailer,
  nowMs: number,
  schedule: readonly number[],
  log: { warn: (o: object, m: string) => void },
): Promise<void> {
  const due = dueAlertMails(db, nowMs);
  if (due.length === 0) return;
  const settings = getReportSettings(db, mailer.box);
  const { url } = effectiveSmtpUrl(settings, mailer.flagSmtpUrl);
  const transport = url
    ? (mailer.transportFor?.(url, settings.from) ?? new SmtpReportTransport(url, settings.from))
    : null;
  try {
    for (const row of due) {
      const event = getEvent(db, row.eventId);
      const merchant = event ? getMerchantById(db, event.merchantId) : null;
      if (!event || !merchant || merchant.reportEmails.length === 0 || !transport) {
        finishAlertMail(db, row.eventId, 'skipped', transport ? 'no recipients' : 'SMTP not configured');
        continue;
      }
      const answer = event.data as { data: { balance: string }[] };
      const balance = answer.data[0]?.balance ?? '';
      // The threshold as it is now (it may have been changed since the crossing): what "back above" means.
      const threshold = getLowBalanceThreshold(db, merchant.id, event.environment);
      const thresholdLine = threshold === null ? '' : `\nThreshold: NGN ${koboToApiNaira(threshold)}`;
      const text = `The ${event.environment} wallet of ${merchant.name} (${merchant.code}) fell below its low-balance threshold.\nBalance now: NGN ${balance}${thresholdLine}\n\nFund the wallet to keep purchases going. You will not get another alert until the balance has gone back above the threshold.`;
      try {
        await transport.send({
          to: merchant.reportEmails,
          subject: `Low wallet balance: ${merchant.code} ${event.environment} NGN ${balance}`,
          text,
          html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p>`,
          messageId: `<low-balance.${row.eventId}@vendpoint.local>`,
          attachment: null,
        });
        finishAlertMail(db, row.eventId, 'sent', null);
      } catch (err) {
        const next = nextAttemptAt(row.attempts + 1, nowMs, schedule);
        const message = (err as Error).message.slice(0, 300);
        log.warn({ event: row.eventId, err: message }, 'low-balance e-mail failed');
        if (next === null) finishAlertMail(db, row.eventId, 'skipped', message);
        else retryAlertMail(db, row.eventId, next, message);
      }
    }
  } finally {
    transport?.close();
  }
}
