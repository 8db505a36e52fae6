import { prep } from './db.js';
const toJob = (r) => ({
    purchaseId: r.purchase_id,
    state: r.state,
    upstreamName: r.upstream_name,
    routeIndex: r.route_index,
    vendStartedAt: r.vend_started_at,
    pollCount: r.poll_count,
    nextPollAt: r.next_poll_at,
    lastError: r.last_error,
});
export function getJob(db, purchaseId) {
    const r = prep(db, 'SELECT * FROM vend_jobs WHERE purchase_id = ?').get(purchaseId);
    return r ? toJob(r) : null;
}
/**
 * The at-most-once gate: queued -> vend_started, recorded (and committed) before the
 * upstream is called. Returns false when the job was not queued any more.
 */
export function markVendStarted(db, purchaseId, upstreamName, nowMs) {
    return (prep(db, `UPDATE vend_jobs SET state = 'vend_started', upstream_name = ?, vend_started_at = ? WHERE purchase_id = ? AND state = 'queued'`).run(upstreamName, nowMs, purchaseId).changes === 1);
}
/** Outcome unknown or pending: requery later, never re-send. */
export function schedulePoll(db, purchaseId, nextPollAt, error) {
    prep(db, `UPDATE vend_jobs SET state = 'polling', poll_count = poll_count + 1, next_poll_at = ?, last_error = ? WHERE purchase_id = ? AND state <> 'done'`).run(nextPollAt, error, purchaseId);
}
/** The upstream refused before accepting the vend: the next route may be tried. */
export function requeueForNextRoute(db, purchaseId, routeIndex, error) {
    prep(db, `UPDATE vend_jobs SET state = 'queued', route_index = ?, upstream_name = NULL, vend_started_at = NULL, last_error = ?
     WHERE purchase_id = ? AND state = 'vend_started'`).run(routeIndex, error, purchaseId);
}
export function queuedJobs(db, limit = 500) {
    return prep(db, `SELECT * FROM vend_jobs WHERE state = 'queued' ORDER BY purchase_id LIMIT ?`).all(limit).map(toJob);
}
export function duePolls(db, nowMs, limit = 200) {
    return prep(db, `SELECT * FROM vend_jobs WHERE state = 'polling' AND next_poll_at <= ? ORDER BY next_poll_at LIMIT ?`).all(nowMs, limit).map(toJob);
}
/**
 * Start-up recovery: a job left vend_started by a crash may have reached the upstream, so
 * it is requeried at once, never re-vended. Queued jobs are simply picked up again.
 */
export function recoverInterruptedJobs(db, nowMs) {
    return prep(db, `UPDATE vend_jobs SET state = 'polling', next_poll_at = ?, last_error = 'recovered after restart' WHERE state = 'vend_started'`).run(nowMs).changes;
}
export function pendingJobCounts(db) {
    const out = { queued: 0, vend_started: 0, polling: 0, done: 0 };
    for (const r of prep(db, `SELECT state, COUNT(*) AS n FROM vend_jobs WHERE state <> 'done' GROUP BY state`).all())
        out[r.state] = r.n;
    return out;
}
//# sourceMappingURL=vend-jobs.js.map