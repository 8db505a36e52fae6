import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { CLAIMABLE_FROM, type DeliveryState, type SendMode } from '../domain/delivery-policy.js';
import { camelRow, writtenRow, type RowOf } from './rows.js';
import { SqlWhere } from './sql-where.js';

/** One daily report e-mail: merchant, environment and day (see domain/delivery-policy.ts). */
export interface ReportDelivery {
  id: number;
  merchantId: number;
  merchantCode: string;
  environment: Environment;
  reportDate: string;
  timezone: string;
  state: DeliveryState;
  recipients: string[];
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  claimedAt: string | null;
  sentAt: string | null;
  lastSentAt: string | null;
  messageId: string | null;
  resendCount: number;
  attached: boolean | null;
  summary: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

/** Recipients and summary are JSON text in the row, the attachment flag 0, 1 or null. */
type Row = RowOf<Omit<ReportDelivery, 'recipients' | 'attached' | 'summary'>> & {
  recipients: string;
  attached: number | null;
  summary: string | null;
};

const SELECT = `SELECT d.*, m.code AS merchant_code FROM report_deliveries d JOIN merchants m ON m.id = d.merchant_id`;

function toDelivery(r: Row): ReportDelivery {
  return {
    ...camelRow(r),
    recipients: JSON.parse(r.recipients),
    attached: r.attached === null ? null : r.attached === 1,
    summary: r.summary ? JSON.parse(r.summary) : null,
  };
}

export function getDeliveryById(db: Db, id: number): ReportDelivery | null {
  const r = db.prepare(`${SELECT} WHERE d.id = ?`).get(id) as Row | undefined;
  return r ? toDelivery(r) : null;
}

export function findDelivery(
  db: Db,
  merchantId: number,
  env: Environment,
  day: string,
): ReportDelivery | null {
  const r = db
    .prepare(`${SELECT} WHERE d.merchant_id = ? AND d.environment = ? AND d.report_date = ?`)
    .get(merchantId, env, day) as Row | undefined;
  return r ? toDelivery(r) : null;
}

/** The delivery of a day, created `pending` if it does not exist yet (idempotent). */
export function ensureDelivery(
  db: Db,
  input: { merchantId: number; environment: Environment; day: string; timezone: string; nowIso: string },
): ReportDelivery {
  db.prepare(
    `INSERT INTO report_deliveries (merchant_id, environment, report_date, timezone, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (merchant_id, environment, report_date) DO NOTHING`,
  ).run(input.merchantId, input.environment, input.day, input.timezone, input.nowIso, input.nowIso);
  return writtenRow(
    findDelivery(db, input.merchantId, input.environment, input.day),
    'report delivery of',
    input.day,
  );
}

/** `merchantId|environment|day` of every delivery on or after a day: what the schedule skips. */
export function deliveryKeysSince(db: Db, day: string): Set<string> {
  const rows = db
    .prepare('SELECT merchant_id, environment, report_date FROM report_deliveries WHERE report_date >= ?')
    .all(day) as { merchant_id: number; environment: string; report_date: string }[];
  return new Set(rows.map((r) => `${r.merchant_id}|${r.environment}|${r.report_date}`));
}

/**
 * Takes a delivery for one send attempt. A conditional UPDATE, so of two processes (node and
 * CLI) at most one wins; the scheduled mode also waits for `next_attempt_at`. Null: not ours.
 */
export function claimDelivery(db: Db, id: number, mode: SendMode, nowIso: string): ReportDelivery | null {
  const from = CLAIMABLE_FROM[mode];
  const due = mode === 'scheduled' ? 'AND (next_attempt_at IS NULL OR next_attempt_at <= ?)' : '';
  const params: unknown[] = [nowIso, nowIso, id, ...from];
  if (mode === 'scheduled') params.push(nowIso);
  const changed = db
    .prepare(
      `UPDATE report_deliveries SET state = 'sending', attempts = attempts + 1, claimed_at = ?, updated_at = ?
       WHERE id = ? AND state IN (${from.map(() => '?').join(', ')}) ${due}`,
    )
    .run(...params).changes;
  return changed === 1 ? getDeliveryById(db, id) : null;
}

export function markDeliverySent(
  db: Db,
  id: number,
  r: {
    nowIso: string;
    messageId: string;
    recipients: string[];
    attached: boolean;
    summary: unknown;
    note: string | null;
    resend: boolean;
  },
): ReportDelivery {
  db.prepare(
    `UPDATE report_deliveries SET state = 'sent', sent_at = COALESCE(sent_at, ?), last_sent_at = ?, message_id = ?,
       recipients = ?, attached = ?, summary = ?, last_error = ?, next_attempt_at = NULL,
       resend_count = resend_count + ?, updated_at = ?
     WHERE id = ? AND state = 'sending'`,
  ).run(
    r.nowIso,
    r.nowIso,
    r.messageId,
    JSON.stringify(r.recipients),
    r.attached ? 1 : 0,
    JSON.stringify(r.summary),
    r.note,
    r.resend ? 1 : 0,
    r.nowIso,
    id,
  );
  return writtenRow(getDeliveryById(db, id), 'report delivery', id);
}

/**
 * Records a failed attempt: `retrying` with the next attempt time, or `failed` when none is
 * given; a delivery that already went out once stays `sent`, keeping the error.
 */
export function markDeliveryFailed(
  db: Db,
  id: number,
  r: { nowIso: string; error: string; recipients: string[]; nextAttemptAt: string | null },
): ReportDelivery {
  db.prepare(
    `UPDATE report_deliveries SET
       state = CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN ? IS NOT NULL THEN 'retrying' ELSE 'failed' END,
       next_attempt_at = CASE WHEN sent_at IS NOT NULL THEN NULL ELSE ? END,
       last_error = ?, recipients = ?, updated_at = ?
     WHERE id = ? AND state = 'sending'`,
  ).run(r.nextAttemptAt, r.nextAttemptAt, r.error.slice(0, 1000), JSON.stringify(r.recipients), r.nowIso, id);
  return writtenRow(getDeliveryById(db, id), 'report delivery', id);
}

/**
 * Claims a dead process left in `sending` (claimed before `staleBeforeIso`) become `failed`,
 * not retried: the e-mail may have gone out before the crash, and a report is never sent
 * twice automatically. The console shows them; an operator resends if the merchant has none.
 */
export function failInterruptedDeliveries(db: Db, staleBeforeIso: string, nowIso: string): number {
  return db
    .prepare(
      `UPDATE report_deliveries SET state = CASE WHEN sent_at IS NOT NULL THEN 'sent' ELSE 'failed' END,
         next_attempt_at = NULL, updated_at = ?,
         last_error = 'interrupted while sending (the node stopped); it may not have been delivered: resend from the console if the merchant did not receive it'
       WHERE state = 'sending' AND claimed_at < ?`,
    )
    .run(nowIso, staleBeforeIso).changes;
}

/** What the schedule should attempt now: never-attempted deliveries and retries that are due. */
export function listDeliveriesToAttempt(db: Db, nowIso: string): ReportDelivery[] {
  return (
    db
      .prepare(
        `${SELECT} WHERE d.state = 'pending' OR (d.state = 'retrying' AND d.next_attempt_at <= ?)
         ORDER BY d.report_date, d.id`,
      )
      .all(nowIso) as Row[]
  ).map(toDelivery);
}

/** Says why pending deliveries wait without spending an attempt (no SMTP server configured). */
export function notePendingDeliveries(db: Db, ids: number[], note: string, nowIso: string): number {
  const stmt = db.prepare(
    `UPDATE report_deliveries SET last_error = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND last_error IS NOT ?`,
  );
  // Only a changed note is written: the schedule ticks often and the WAL need not churn.
  return db
    .transaction(() => ids.reduce((n, id) => n + stmt.run(note, nowIso, id, note).changes, 0))
    .immediate();
}

export interface DeliveryFilter {
  merchantId?: number;
  environment?: Environment;
  state?: DeliveryState;
  from?: string;
  to?: string;
}

/** Newest day first, for the console list. */
export function listDeliveries(
  db: Db,
  f: DeliveryFilter,
  limit = 100,
  offset = 0,
): { rows: ReportDelivery[]; total: number } {
  const where = new SqlWhere();
  if (f.merchantId !== undefined) where.add('d.merchant_id = ?', f.merchantId);
  if (f.environment) where.add('d.environment = ?', f.environment);
  if (f.state) where.add('d.state = ?', f.state);
  if (f.from) where.add('d.report_date >= ?', f.from);
  if (f.to) where.add('d.report_date <= ?', f.to);
  const { params } = where;
  const sql = where.clause();
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM report_deliveries d ${sql}`).get(...params) as { n: number }
  ).n;
  const rows = (
    db
      .prepare(`${SELECT} ${sql} ORDER BY d.report_date DESC, m.code, d.environment LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as Row[]
  ).map(toDelivery);
  return { rows, total };
}
