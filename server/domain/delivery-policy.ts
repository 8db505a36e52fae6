/**
 * The life of one report delivery (one merchant, environment and day) as a table, and the
 * retry policy after SMTP failures. Pure; store/report-deliveries.ts applies it atomically.
 *
 *   pending  --claim--> sending --ok--> sent
 *   retrying --claim--> sending --SMTP error, attempts left--> retrying (next_attempt_at)
 *                               --SMTP error, none left------> failed
 *   failed   --manual send--> sending          sent --resend (operator)--> sending --> sent
 *   (a failed resend leaves the delivery `sent` with its error recorded)
 *   sending, process died: -> failed (never re-sent automatically: it may have gone out)
 */
export type DeliveryState = 'pending' | 'sending' | 'retrying' | 'sent' | 'failed';

/** Why a send is attempted decides which states it may start from. */
export type SendMode = 'scheduled' | 'manual' | 'resend';

export const CLAIMABLE_FROM: Record<SendMode, readonly DeliveryState[]> = {
  // The schedule only ever sends what was never delivered: that is the "never twice" rule.
  scheduled: ['pending', 'retrying'],
  // An operator sending a day (CLI --send, console) also retries a delivery that gave up.
  manual: ['pending', 'retrying', 'failed'],
  // Only an explicit resend may e-mail a delivered report again.
  resend: ['pending', 'retrying', 'failed', 'sent'],
};

/** Automatic attempts before a delivery gives up and waits for an operator (about 18 hours). */
export const MAX_AUTO_ATTEMPTS = 24;

/** A claim older than this without an outcome belongs to a process that died mid-send. */
export const STALE_SENDING_MS = 10 * 60_000;

/** Wait after the n-th failed attempt: 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * After a failed attempt: when to try again, or null for no automatic retry. A report that was
 * already delivered once (a failed resend) stays `sent` and is not retried: the operator who
 * asked sees the error. Otherwise the schedule retries with backoff until it gives up.
 */
export function nextAttemptAfterFailure(
  alreadySent: boolean,
  attempts: number,
  nowMs: number,
): number | null {
  if (alreadySent || attempts >= MAX_AUTO_ATTEMPTS) return null;
  return nowMs + retryDelayMs(attempts);
}
