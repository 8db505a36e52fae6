import { CLAIMABLE_FROM } from '../reports/delivery-policy.js';
const SELECT = `SELECT d.*, m.code AS merchant_code FROM report_deliveries d JOIN merchants m ON m.id = d.merchant_id`;
function toDelivery(r) {
    return {
        id: r.id,
        merchantId: r.merchant_id,
        merchantCode: r.merchant_code,
        environment: r.environment,
        reportDate: r.report_date,
        timezone: r.timezone,
        state: r.state,
        recipients: JSON.parse(r.recipients),
        attempts: r.attempts,
        lastError: r.last_error,
        nextAttemptAt: r.next_attempt_at,
        claimedAt: r.claimed_at,
        sentAt: r.sent_at,
        lastSentAt: r.last_sent_at,
        messageId: r.message_id,
        resendCount: r.resend_count,
        attached: r.attached === null ? null : r.attached === 1,
        summary: r.summary ? JSON.parse(r.summary) : null,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
    };
}
export function getDeliveryById(db, id) {
    const r = db.prepare(`${SELECT} WHERE d.id = ?`).get(id);
    return r ? toDelivery(r) : null;
}
export function findDelivery(db, merchantId, env, day) {
    const r = db
        .prepare(`${SELECT} WHERE d.merchant_id = ? AND d.environment = ? AND d.report_date = ?`)
        .get(merchantId, env, day);
    return r ? toDelivery(r) : null;
}
/** The delivery of a day, created `pending` if it does not exist yet (idempotent). */
export function ensureDelivery(db, input) {
    db.prepare(`INSERT INTO report_deliveries (merchant_id, environment, report_date, timezone, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (merchant_id, environment, report_date) DO NOTHING`).run(input.merchantId, input.environment, input.day, input.timezone, input.nowIso, input.nowIso);
    return findDelivery(db, input.merchantId, input.environment, input.day);
}
/** `merchantId|environment|day` of every delivery on or after a day: what the schedule skips. */
export function deliveryKeysSince(db, day) {
    const rows = db
        .prepare('SELECT merchant_id, environment, report_date FROM report_deliveries WHERE report_date >= ?')
        .all(day);
    return new Set(rows.map((r) => `${r.merchant_id}|${r.environment}|${r.report_date}`));
}
/**
 * Takes a delivery for one send attempt. A conditional UPDATE, so of two processes (node and
 * CLI) at most one wins; the scheduled mode also waits for `next_attempt_at`. Null: not ours.
 */
export function claimDelivery(db, id, mode, nowIso) {
    const from = CLAIMABLE_FROM[mode];
    const due = mode === 'scheduled' ? 'AND (next_attempt_at IS NULL OR next_attempt_at <= ?)' : '';
    const params = [nowIso, nowIso, id, ...from];
    if (mode === 'scheduled')
        params.push(nowIso);
    const changed = db
        .prepare(`UPDATE report_deliveries SET state = 'sending', attempts = attempts + 1, claimed_at = ?, updated_at = ?
       WHERE id = ? AND state IN (${from.map(() => '?').join(', ')}) ${due}`)
        .run(...params).changes;
    return changed === 1 ? getDeliveryById(db, id) : null;
}
export function markDeliverySent(db, id, r) {
    db.prepare(`UPDATE report_deliveries SET state = 'sent', sent_at = COALESCE(sent_at, ?), last_sent_at = ?, message_id = ?,
       recipients = ?, attached = ?, summary = ?, last_error = ?, next_attempt_at = NULL,
       resend_count = resend_count + ?, updated_at = ?
     WHERE id = ? AND state = 'sending'`).run(r.nowIso, r.nowIso, r.messageId, JSON.stringify(r.recipients), r.attached ? 1 : 0, JSON.stringify(r.summary), r.note, r.resend ? 1 : 0, r.nowIso, id);
    return getDeliveryById(db, id);
}
/**
 * Records a failed attempt: `retrying` with the next attempt time, or `failed` when none is
 * given; a delivery that already went out once stays `sent`, keeping the error.
 */
export function markDeliveryFailed(db, id, r) {
    db.prepare(`UPDATE report_deliveries SET
       state = CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN ? IS NOT NULL THEN 'retrying' ELSE 'failed' END,
       next_attempt_at = CASE WHEN sent_at IS NOT NULL THEN NULL ELSE ? END,
       last_error = ?, recipients = ?, updated_at = ?
     WHERE id = ? AND state = 'sending'`).run(r.nextAttemptAt, r.nextAttemptAt, r.error.slice(0, 1000), JSON.stringify(r.recipients), r.nowIso, id);
    return getDeliveryById(db, id);
}
/**
 * Claims a dead process left in `sending` (claimed before `staleBeforeIso`) become `failed`,
 * not retried: the e-mail may have gone out before the crash, and a report is never sent
 * twice automatically. The console shows them; an operator resends if the merchant has none.
 */
export function failInterruptedDeliveries(db, staleBeforeIso, nowIso) {
    return db
        .prepare(`UPDATE report_deliveries SET state = CASE WHEN sent_at IS NOT NULL THEN 'sent' ELSE 'failed' END,
         next_attempt_at = NULL, updated_at = ?,
         last_error = 'interrupted while sending (the node stopped); it may not have been delivered: resend from the console if the merchant did not receive it'
       WHERE state = 'sending' AND claimed_at < ?`)
        .run(nowIso, staleBeforeIso).changes;
}
/** What the schedule should attempt now: never-attempted deliveries and retries that are due. */
export function listDeliveriesToAttempt(db, nowIso) {
    return db
        .prepare(`${SELECT} WHERE d.state = 'pending' OR (d.state = 'retrying' AND d.next_attempt_at <= ?)
         ORDER BY d.report_date, d.id`)
        .all(nowIso).map(toDelivery);
}
/** Says why pending deliveries wait without spending an attempt (no SMTP server configured). */
export function notePendingDeliveries(db, ids, note, nowIso) {
    const stmt = db.prepare(`UPDATE report_deliveries SET last_error = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND last_error IS NOT ?`);
    // Only a changed note is written: the schedule ticks often and the WAL need not churn.
    return db
        .transaction(() => ids.reduce((n, id) => n + stmt.run(note, nowIso, id, note).changes, 0))
        .immediate();
}
/** Newest day first, for the console list. */
export function listDeliveries(db, f, limit = 100, offset = 0) {
    const where = [];
    const params = [];
    const add = (sql, v) => {
        where.push(sql);
        params.push(v);
    };
    if (f.merchantId !== undefined)
        add('d.merchant_id = ?', f.merchantId);
    if (f.environment)
        add('d.environment = ?', f.environment);
    if (f.state)
        add('d.state = ?', f.state);
    if (f.from)
        add('d.report_date >= ?', f.from);
    if (f.to)
        add('d.report_date <= ?', f.to);
    const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = db.prepare(`SELECT COUNT(*) AS n FROM report_deliveries d ${sql}`).get(...params).n;
    const rows = db
        .prepare(`${SELECT} ${sql} ORDER BY d.report_date DESC, m.code, d.environment LIMIT ? OFFSET ?`)
        .all(...params, limit, offset).map(toDelivery);
    return { rows, total };
}
//# sourceMappingURL=report-deliveries.js.map