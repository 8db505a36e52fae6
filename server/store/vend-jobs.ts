import { prep } from './db.js';
import type { Db } from './db.js';

// The one file that writes vend_jobs: every state change of a vend job is a function here.

export type JobState = 'queued' | 'vend_started' | 'polling' | 'done';

export interface VendJob {
  purchaseId: number;
  state: JobState;
  upstreamName: string | null;
  routeIndex: number;
  vendStartedAt: number | null;
  pollCount: number;
  nextPollAt: number | null;
  lastError: string | null;
  /** Epoch ms of the last answer about the vend (send or requery); lastError is what it said. */
  lastCheckedAt: number | null;
  /** Taken over from a restored backup: every route is asked until one has a record of the sale. */
  askEveryRoute: boolean;
  /** The provider has answered that it holds the sale (pending): it received it. */
  providerAcknowledged: boolean;
  /** The account it was sent to (Upstream.account); null before migration 025 or in-process. */
  sentAccount: string | null;
}

interface JobRow {
  purchase_id: number;
  state: JobState;
  upstream_name: string | null;
  route_index: number;
  vend_started_at: number | null;
  poll_count: number;
  next_poll_at: number | null;
  last_error: string | null;
  last_checked_at: number | null;
  ask_every_route: number;
  provider_acknowledged: number;
  sent_account: string | null;
}

const toJob = (r: JobRow): VendJob => ({
  purchaseId: r.purchase_id,
  state: r.state,
  upstreamName: r.upstream_name,
  routeIndex: r.route_index,
  vendStartedAt: r.vend_started_at,
  pollCount: r.poll_count,
  nextPollAt: r.next_poll_at,
  lastError: r.last_error,
  lastCheckedAt: r.last_checked_at ?? null,
  askEveryRoute: r.ask_every_route === 1,
  providerAcknowledged: r.provider_acknowledged === 1,
  sentAccount: r.sent_account ?? null,
});

/**
 * When the desk starts showing a sale as pending. Airtime and data are answered at once and the
 * page follows the sale, so a provider that takes seconds to say "failed" leaves it pending on
 * screen meanwhile, with no requery; a bill or an order keeps the desk busy until its answer, or
 * until the node's wait for it (--sync-wait) runs out.
 */
export const DESK_FOLLOWS_MS = 2_000;
const followedAtOnce = (sale: { kind: string; product: string }) =>
  sale.kind === 'transaction' && (sale.product === 'airtime' || sale.product === 'data');

/**
 * A failed sale was pending first when its job asked the provider again (a requery) before it
 * failed, or when it failed after the desk had started showing it pending (see DESK_FOLLOWS_MS):
 * either way the agent saw it pending and may have taken the customer's money, now owed back.
 * The one rule for the sale page (was_pending) and the cash-up (wasPendingSql says it in SQL).
 * Erring towards "pending" is the safe side: the page then says "if the customer paid, give it
 * back".
 */
export function wasPending(
  job: Pick<VendJob, 'pollCount'> | null,
  sale: { kind: string; product: string; createdAt: string; updatedAt: string },
  syncWaitMs: number,
): boolean {
  if ((job?.pollCount ?? 0) > 0) return true;
  const tookMs = Date.parse(sale.updatedAt) - Date.parse(sale.createdAt);
  return tookMs >= (followedAtOnce(sale) ? DESK_FOLLOWS_MS : syncWaitMs);
}

/** wasPending for a failed row of `purchases` in a query (its updated_at is when it failed). */
export const wasPendingSql = (syncWaitMs: number): string =>
  `(EXISTS (SELECT 1 FROM vend_jobs j WHERE j.purchase_id = purchases.id AND j.poll_count > 0)
    OR (julianday(purchases.updated_at) - julianday(purchases.created_at)) * 86400000 >=
       CASE WHEN purchases.kind = 'transaction' AND purchases.product IN ('airtime', 'data')
            THEN ${DESK_FOLLOWS_MS} ELSE ${Math.round(syncWaitMs)} END)`;

/** A new purchase's job, queued at its first route (in the purchase's own transaction). */
export function enqueueJob(db: Db, purchaseId: number): void {
  prep(db, `INSERT INTO vend_jobs (purchase_id, state) VALUES (?, 'queued')`).run(purchaseId);
}

/** The purchase is final: nothing is sent or requeried for it any more. */
export function finishJob(db: Db, purchaseId: number): void {
  prep(db, `UPDATE vend_jobs SET state = 'done', next_poll_at = NULL WHERE purchase_id = ?`).run(purchaseId);
}

export function getJob(db: Db, purchaseId: number): VendJob | null {
  const r = prep(db, 'SELECT * FROM vend_jobs WHERE purchase_id = ?').get(purchaseId) as JobRow | undefined;
  return r ? toJob(r) : null;
}

/**
 * The at-most-once gate: queued -> vend_started, recorded (and committed) before the
 * upstream is called. Returns false when the job was not queued any more. `then: 'done'`
 * when the outcome is already known and final (the in-process simulator is asked first):
 * the job is started and finished by this one statement.
 */
export function markVendStarted(
  db: Db,
  purchaseId: number,
  upstreamName: string,
  nowMs: number,
  then: 'vend_started' | 'done' = 'vend_started',
  account: string | null = null,
): boolean {
  return (
    prep(
      db,
      `UPDATE vend_jobs SET state = ?, upstream_name = ?, vend_started_at = ?, sent_account = ? WHERE purchase_id = ? AND state = 'queued'`,
    ).run(then, upstreamName, nowMs, account, purchaseId).changes === 1
  );
}

/**
 * A restored backup's queued or on-the-wire sale: recorded as sent (at the backup's moment when
 * it had not been yet), never to be sent again, and marked to be asked about at every route.
 * `upstreamName` is where it would have gone first, kept only when it had not gone anywhere.
 */
export function markRestoredSale(
  db: Db,
  purchaseId: number,
  upstreamName: string | null,
  sentAtMs: number,
): boolean {
  return (
    prep(
      db,
      `UPDATE vend_jobs SET state = 'vend_started', upstream_name = COALESCE(upstream_name, ?),
         vend_started_at = COALESCE(vend_started_at, ?), ask_every_route = 1
       WHERE purchase_id = ? AND state IN ('queued', 'vend_started')`,
    ).run(upstreamName, sentAtMs, purchaseId).changes === 1
  );
}

/** The route that has a record of a restored sale becomes its upstream; the others are asked no more. */
export function adoptRoute(db: Db, purchaseId: number, upstreamName: string): void {
  prep(
    db,
    `UPDATE vend_jobs SET upstream_name = ?, ask_every_route = 0 WHERE purchase_id = ? AND state <> 'done'`,
  ).run(upstreamName, purchaseId);
}

/** Open jobs whose send is recorded but not answered (a backup taken while they were on the wire). */
export function sendingJobs(db: Db): VendJob[] {
  return (
    prep(
      db,
      `SELECT * FROM vend_jobs WHERE state = 'vend_started' AND ${OPEN} ORDER BY purchase_id`,
    ).all() as JobRow[]
  ).map(toJob);
}

/**
 * Outcome unknown or pending: requery later, never re-send. checkedAt is when the provider
 * (or the lack of one) answered, so the console can say when it was last asked. `acknowledged`:
 * this answer said the provider holds the sale; once said, a later unclear answer does not undo it.
 */
export function schedulePoll(
  db: Db,
  purchaseId: number,
  nextPollAt: number,
  error: string | null,
  checkedAt: number | null = null,
  acknowledged = false,
): void {
  prep(
    db,
    `UPDATE vend_jobs SET state = 'polling', poll_count = poll_count + 1, next_poll_at = ?, last_error = ?,
       last_checked_at = COALESCE(?, last_checked_at), provider_acknowledged = MAX(provider_acknowledged, ?)
     WHERE purchase_id = ? AND state <> 'done'`,
  ).run(nextPollAt, error, checkedAt, acknowledged ? 1 : 0, purchaseId);
}

/**
 * The clock was set back `backMs` (NTP): requeries were scheduled by the old time, so each waiting
 * one moves back as far (never before now), instead of waiting the step on top of its backoff.
 * Returns how many moved.
 */
export function movePollsBack(db: Db, nowMs: number, backMs: number): number {
  return prep(
    db,
    `UPDATE vend_jobs SET next_poll_at = MAX(?, next_poll_at - ?)
     WHERE state = 'polling' AND ${OPEN} AND next_poll_at > ?`,
  ).run(nowMs, Math.round(backMs), nowMs).changes;
}

/**
 * The clock jumped `forwardMs` (NTP correcting a clock that was behind): the sends of open jobs
 * made before the jump move forward as far, so the not-found grace and the attention deadline,
 * counted from the send, do not count the jump as time the provider had. A wake from sleep also
 * reads as a jump (the monotonic clock stops while the computer sleeps), though the provider did
 * have that time: there the grace counts only awake time, which delays a refund by at most the
 * grace, the safe way. Returns how many moved.
 */
export function moveSendTimesForward(db: Db, nowMs: number, forwardMs: number): number {
  const jump = Math.round(forwardMs);
  return prep(
    db,
    `UPDATE vend_jobs SET vend_started_at = vend_started_at + ?
     WHERE state IN ('vend_started', 'polling') AND ${OPEN} AND vend_started_at <= ?`,
  ).run(jump, nowMs - jump).changes;
}

/**
 * The clock was set back `backMs`: the sends of open jobs stamped by the old clock (later than
 * now) move back as far, as a jump forward moves them forward, so the not-found grace and the
 * attention deadline count from the send and not the step on top (a vend the provider never got
 * was refunded the step late). A send made since the step is stamped at or before now and stays.
 * Returns how many moved.
 */
export function moveSendTimesBack(db: Db, nowMs: number, backMs: number): number {
  return prep(
    db,
    `UPDATE vend_jobs SET vend_started_at = vend_started_at - ?
     WHERE state IN ('vend_started', 'polling') AND ${OPEN} AND vend_started_at > ?`,
  ).run(Math.round(backMs), nowMs).changes;
}

/** The upstream refused before accepting the vend: the next route may be tried. */
export function requeueForNextRoute(db: Db, purchaseId: number, routeIndex: number, error: string): void {
  prep(
    db,
    `UPDATE vend_jobs SET state = 'queued', route_index = ?, upstream_name = NULL, vend_started_at = NULL, last_error = ?
     WHERE purchase_id = ? AND state = 'vend_started'`,
  ).run(routeIndex, error, purchaseId);
}

/**
 * The partial index vend_jobs_due holds only open jobs, but SQLite uses it only when a query
 * repeats its condition word for word (it does not infer it from `state = 'queued'`); without
 * it these queries scan every job ever stored, which grows with every sale.
 */
const OPEN = `state <> 'done'`;

export function queuedJobs(db: Db, limit = 500): VendJob[] {
  return (
    prep(db, `SELECT * FROM vend_jobs WHERE state = 'queued' AND ${OPEN} ORDER BY purchase_id LIMIT ?`).all(
      limit,
    ) as JobRow[]
  ).map(toJob);
}

export function duePolls(db: Db, nowMs: number, limit = 200): VendJob[] {
  return (
    prep(
      db,
      `SELECT * FROM vend_jobs WHERE state = 'polling' AND ${OPEN} AND next_poll_at <= ? ORDER BY next_poll_at LIMIT ?`,
    ).all(nowMs, limit) as JobRow[]
  ).map(toJob);
}

/**
 * Start-up recovery: a job left vend_started by a crash may have reached the upstream, so
 * it is requeried at once, never re-vended. Queued jobs are simply picked up again.
 */
export function recoverInterruptedJobs(db: Db, nowMs: number): number {
  return prep(
    db,
    `UPDATE vend_jobs SET state = 'polling', next_poll_at = ?, last_error = 'recovered after restart' WHERE state = 'vend_started' AND ${OPEN}`,
  ).run(nowMs).changes;
}
