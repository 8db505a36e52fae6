import { prep, type Db } from './db.js';

/** A low-balance e-mail waiting to go out: one per `wallet.low_balance` event (queued in wallets.ts). */
export interface DueAlertMail {
  eventId: number;
  attempts: number;
}

/** The pending alert e-mails whose next attempt is due, oldest first. */
export function dueAlertMails(db: Db, nowMs: number, limit = 20): DueAlertMail[] {
  return (
    prep(
      db,
      `SELECT event_id, attempts FROM alert_mails WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY event_id LIMIT ?`,
    ).all(nowMs, limit) as { event_id: number; attempts: number }[]
  ).map((r) => ({ eventId: r.event_id, attempts: r.attempts }));
}

/** Sent, or skipped for good (no SMTP, no recipients, out of retries), with why. */
export function finishAlertMail(
  db: Db,
  eventId: number,
  state: 'sent' | 'skipped',
  lastError: string | null,
): void {
  prep(
    db,
    `UPDATE alert_mails SET state = ?, attempts = attempts + 1, last_error = ? WHERE event_id = ?`,
  ).run(state, lastError, eventId);
}

/** A failed attempt, tried again at `nextAttemptAt`. */
export function retryAlertMail(db: Db, eventId: number, nextAttemptAt: number, lastError: string): void {
  prep(
    db,
    `UPDATE alert_mails SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE event_id = ?`,
  ).run(nextAttemptAt, lastError, eventId);
}
