import { nowIso, prep } from './db.js';
import { recordAudit } from './audit.js';
import { Conflict } from '../domain/errors.js';
const toCashup = (r) => ({
    id: r.id,
    userId: r.user_id,
    merchantId: r.merchant_id,
    environment: r.environment,
    shiftStart: r.shift_start,
    shiftEnd: r.shift_end,
    salesCount: r.sales_count,
    totalKobo: r.total_kobo,
    countedKobo: r.counted_kobo,
    summary: JSON.parse(r.summary),
    note: r.note,
    closedBy: r.closed_by,
    createdAt: r.created_at,
});
export function lastCashup(db, userId, env) {
    const r = prep(db, 'SELECT * FROM agent_cashups WHERE user_id = ? AND environment = ? ORDER BY id DESC LIMIT 1').get(userId, env);
    return r ? toCashup(r) : null;
}
export function getCashup(db, id) {
    const r = prep(db, 'SELECT * FROM agent_cashups WHERE id = ?').get(id);
    return r ? toCashup(r) : null;
}
export function listCashups(db, userId, limit = 50) {
    return prep(db, 'SELECT * FROM agent_cashups WHERE user_id = ? ORDER BY id DESC LIMIT ?').all(userId, limit).map(toCashup);
}
/**
 * Records a closed shift, audited. The check that it starts where the agent's last shift in
 * this environment ended (or later) shares the transaction with the insert, so two admins
 * closing the same shift at once cannot both count its sales.
 */
export function recordCashup(db, c) {
    return db
        .transaction(() => {
        const last = lastCashup(db, c.userId, c.environment);
        if (last && c.shiftStart < last.shiftEnd) {
            throw new Conflict(`this shift overlaps the cash-up closed at ${last.shiftEnd}; start it at that time or later`);
        }
        const id = Number(prep(db, `INSERT INTO agent_cashups (user_id, merchant_id, environment, shift_start, shift_end, sales_count, total_kobo,
             counted_kobo, summary, note, closed_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(c.userId, c.merchantId, c.environment, c.shiftStart, c.shiftEnd, c.salesCount, c.totalKobo, c.countedKobo, JSON.stringify(c.summary), c.note, c.closedBy, nowIso()).lastInsertRowid);
        recordAudit(db, c.closedBy, 'cashup.close', c.agentName, {
            environment: c.environment,
            shift_start: c.shiftStart,
            shift_end: c.shiftEnd,
            total_kobo: c.totalKobo,
            counted_kobo: c.countedKobo,
        });
        return getCashup(db, id);
    })
        .immediate();
}
//# sourceMappingURL=admin-cashups.js.map