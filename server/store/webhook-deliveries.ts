import { nowIso, prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { recordAudit } from './audit.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { endpointWants } from '../domain/webhook-events.js';
import { publicEndpointId, type EndpointRow, type EndpointStatus } from './webhooks.js';

/**
 * The webhook outbox: events fanned out into one delivery per subscribed endpoint, the due
 * ones read in order, each attempt recorded, failed ones replayed, and the log and health the
 * console shows. The endpoints themselves are webhooks.ts.
 */

/**
 * Turns new events into one delivery per subscribed endpoint and moves the cursor, in one
 * transaction: a crash in between repeats nothing and skips nothing. An endpoint gets only
 * events after its `first_event_id`, so the read starts after the lowest of those when the
 * cursor is behind it, and a node without endpoints reads and writes nothing (its events are
 * still kept for the feed).
 */
export function fanOutEvents(db: Db, nowMs: number, limit = 1000): number {
  return db
    .transaction(() => {
      const endpoints = prep(
        db,
        `SELECT id, merchant_id, environment, event_types, first_event_id FROM webhook_endpoints
           WHERE status <> 'removed'`,
      ).all() as Pick<EndpointRow, 'id' | 'merchant_id' | 'environment' | 'event_types' | 'first_event_id'>[];
      if (endpoints.length === 0) return 0;
      const cursor = (
        prep(db, 'SELECT last_event_id FROM webhook_fanout WHERE id = 1').get() as {
          last_event_id: number;
        }
      ).last_event_id;
      const from = Math.max(cursor, Math.min(...endpoints.map((e) => e.first_event_id)));
      const events = prep(
        db,
        `SELECT id, merchant_id, environment, type, object_key FROM events WHERE id > ? ORDER BY id LIMIT ?`,
      ).all(from, limit) as {
        id: number;
        merchant_id: number;
        environment: Environment;
        type: string;
        object_key: string;
      }[];
      if (events.length === 0) return 0;
      const byOwner = new Map<string, { id: number; types: string[]; first: number }[]>();
      for (const e of endpoints) {
        const k = `${e.merchant_id}|${e.environment}`;
        const list = byOwner.get(k) ?? [];
        list.push({ id: e.id, types: JSON.parse(e.event_types), first: e.first_event_id });
        byOwner.set(k, list);
      }
      const insert = prep(
        db,
        `INSERT OR IGNORE INTO webhook_deliveries (endpoint_id, event_id, object_key, next_attempt_at, updated_at)
           VALUES (?, ?, ?, ?, ?)`,
      );
      const now = nowIso(db);
      let made = 0;
      for (const ev of events) {
        for (const ep of byOwner.get(`${ev.merchant_id}|${ev.environment}`) ?? []) {
          if (ev.id > ep.first && endpointWants(ep.types, ev.type)) {
            made += insert.run(ep.id, ev.id, ev.object_key, nowMs, now).changes;
          }
        }
      }
      prep(db, 'UPDATE webhook_fanout SET last_event_id = ? WHERE id = 1').run(events.at(-1)!.id);
      return made;
    })
    .immediate();
}

export interface DueDelivery {
  id: number;
  endpointId: number;
  eventId: number;
  attempts: number;
  /** When it is due (ms): its place, with the id, in due order. */
  dueAt: number;
  url: string;
}

const DUE_SELECT = `SELECT d.id, d.endpoint_id AS endpointId, d.event_id AS eventId, d.attempts, d.next_attempt_at AS dueAt, e.url
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND e.status = 'enabled'
         AND d.endpoint_id NOT IN (SELECT value FROM json_each(?))
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o
                          WHERE o.endpoint_id = d.endpoint_id AND o.object_key = d.object_key
                            AND o.state = 'pending' AND o.event_id < d.event_id)`;
// Module constants: the thread polls these every few milliseconds under load, and the statement
// cache is keyed by the text (a template per call is a new string to hash each time).
const DUE_FROM_START = `${DUE_SELECT} ORDER BY d.next_attempt_at, d.id LIMIT ?`;
// In two parts, because a fan-out gives a whole batch one due time: the rest of the cursor's own
// due time by id (an index seek), then what is due later. A single row-value comparison walked
// every row of that due time from its start. The outer LIMIT holds the two to `limit`.
const DUE_AFTER = `SELECT * FROM (${DUE_SELECT} AND d.next_attempt_at = ? AND d.id > ? ORDER BY d.id LIMIT ?)
     UNION ALL
     SELECT * FROM (${DUE_SELECT} AND d.next_attempt_at > ? ORDER BY d.next_attempt_at, d.id LIMIT ?)
     LIMIT ?`;

const REQUEUE_FAILED = `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ?
     WHERE endpoint_id = ? AND state = 'failed'`;
const REQUEUE_FAILED_ONE = `${REQUEUE_FAILED} AND id = ?`;
/**
 * The later events of an object whose replayed delivery they overtook (sent, or given up,
 * while it had failed), sent again after it: in order, so the receiver ends on the latest.
 */
const REQUEUE_OVERTAKEN = `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ?
     WHERE endpoint_id = ? AND object_key = ? AND event_id > ? AND state <> 'pending'`;
const RETRY_NOW = `UPDATE webhook_deliveries SET next_attempt_at = ?, updated_at = ?
     WHERE endpoint_id = ? AND state = 'pending' AND attempts > 0 AND next_attempt_at > ?`;
const RETRY_NOW_ONE = `${RETRY_NOW} AND id = ?`;

/**
 * Deliveries due now on enabled endpoints, at most one per (endpoint, object) and only the
 * oldest pending one of each: a purchase's later event never overtakes an earlier one.
 * In due order (next attempt, then id). `skip`: endpoints left out (the sending thread's, whose
 * host already has as many deliveries as it can take).
 */
export function dueDeliveries(
  db: Db,
  nowMs: number,
  limit: number,
  skip: readonly number[] = [],
): DueDelivery[] {
  return prep(db, DUE_FROM_START).all(nowMs, JSON.stringify(skip), limit) as DueDelivery[];
}

/**
 * The same, after a position in due order: a claimer that has taken everything up to `after`
 * reads on from there instead of walking past its own claims again.
 */
export function dueDeliveriesAfter(
  db: Db,
  nowMs: number,
  after: { dueAt: number; id: number },
  limit: number,
  skip: readonly number[] = [],
): DueDelivery[] {
  const skipped = JSON.stringify(skip);
  return prep(db, DUE_AFTER).all(
    nowMs,
    skipped,
    after.dueAt,
    after.id,
    limit,
    nowMs,
    skipped,
    after.dueAt,
    limit,
    limit,
  ) as DueDelivery[];
}

/**
 * The clock was set back `backMs` (NTP): retries were scheduled by the old time, so each waiting
 * one moves back as far (never before now). Returns how many moved.
 */
export function moveRetriesBack(db: Db, nowMs: number, backMs: number): number {
  return prep(
    db,
    `UPDATE webhook_deliveries SET next_attempt_at = MAX(?, next_attempt_at - ?)
     WHERE state = 'pending' AND next_attempt_at > ?`,
  ).run(nowMs, Math.round(backMs), nowMs).changes;
}

/** Whether anything waits to be sent (the sending thread is started then, too). */
export function hasPendingDeliveries(db: Db): boolean {
  return prep(db, `SELECT 1 FROM webhook_deliveries WHERE state = 'pending' LIMIT 1`).get() !== undefined;
}

export interface AttemptResult {
  deliveryId: number;
  delivered: boolean;
  status: number | null;
  error: string | null;
  latencyMs: number;
  response: string | null;
  /** When to try again; null with delivered=false means give up (failed). */
  nextAttemptAt: number | null;
}

/** Records one attempt; runs inside the caller's (group commit) transaction. */
export function recordAttempt(db: Db, a: AttemptResult): void {
  const state = a.delivered ? 'delivered' : a.nextAttemptAt === null ? 'failed' : 'pending';
  prep(
    db,
    `UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, next_attempt_at = ?, last_status = ?,
         last_error = ?, last_latency_ms = ?, last_response = ?, updated_at = ?
       WHERE id = ? AND state = 'pending'`,
  ).run(state, a.nextAttemptAt ?? 0, a.status, a.error, a.latencyMs, a.response, nowIso(db), a.deliveryId);
}

export interface DeliveryLogRow {
  id: number;
  event_id: number;
  event_type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  next_attempt_at: number | null;
  updated_at: string;
}

/** A delivery as the console and the CLI show it: the event's public id, times in ISO form. */
export const deliveryLogJson = (d: DeliveryLogRow) =>
  Object.assign({}, d, {
    event_id: `evt_${d.event_id}`,
    next_attempt_at: d.next_attempt_at === null ? null : new Date(d.next_attempt_at).toISOString(),
  });

export function listDeliveries(db: Db, endpointId: number, limit = 100): DeliveryLogRow[] {
  return prep(
    db,
    `SELECT d.id, d.event_id, COALESCE(ev.type, '') AS event_type, d.state, d.attempts, d.last_status, d.last_error,
            d.last_latency_ms, CASE WHEN d.state = 'pending' THEN d.next_attempt_at END AS next_attempt_at, d.updated_at
       FROM webhook_deliveries d LEFT JOIN events ev ON ev.id = d.event_id
       WHERE d.endpoint_id = ? ORDER BY d.id DESC LIMIT ?`,
  ).all(endpointId, limit) as DeliveryLogRow[];
}

/**
 * Sends an endpoint's deliveries again now (one, or all): a failed one goes back in the queue
 * with a fresh retry schedule, and one waiting for a retry after a failed attempt is brought
 * forward (its schedule kept). For a receiver that is back up: nothing waits hours for it.
 * Order per object still holds: the claim takes only each object's oldest pending delivery.
 */
export function replayFailed(
  db: Db,
  endpointId: number,
  deliveryId: number | null,
  nowMs: number,
  actor: string,
): number {
  return db
    .transaction(() => {
      if (deliveryId !== null) {
        // A named delivery that is not this endpoint's, or has nothing to send again, is a
        // mistake to report, not a replay of nothing (nor an audit entry saying one was made).
        const row = prep(
          db,
          'SELECT state, attempts FROM webhook_deliveries WHERE id = ? AND endpoint_id = ?',
        ).get(deliveryId, endpointId) as { state: string; attempts: number } | undefined;
        if (!row)
          throw new NotFound(
            `Delivery ${deliveryId} is not one of ${publicEndpointId(endpointId)}'s deliveries`,
          );
        if (row.state === 'delivered' || (row.state === 'pending' && row.attempts === 0))
          throw new Conflict(
            `Delivery ${deliveryId} is ${row.state}, not failed: there is nothing to replay`,
          );
      }
      const one = deliveryId !== null;
      const requeuedRows = prep(
        db,
        `${one ? REQUEUE_FAILED_ONE : REQUEUE_FAILED} RETURNING object_key, event_id`,
      ).all(...[nowMs, nowIso(db), endpointId, ...(one ? [deliveryId] : [])]) as {
        object_key: string;
        event_id: number;
      }[];
      // Per object, from its oldest replayed event: every later one it is no longer ahead of.
      const oldest = new Map<string, number>();
      for (const r of requeuedRows)
        oldest.set(r.object_key, Math.min(r.event_id, oldest.get(r.object_key) ?? Infinity));
      let overtaken = 0;
      for (const [objectKey, eventId] of oldest)
        overtaken += prep(db, REQUEUE_OVERTAKEN).run(
          nowMs,
          nowIso(db),
          endpointId,
          objectKey,
          eventId,
        ).changes;
      const requeued = requeuedRows.length;
      const broughtForward = prep(db, one ? RETRY_NOW_ONE : RETRY_NOW).run(
        ...[nowMs, nowIso(db), endpointId, nowMs, ...(one ? [deliveryId] : [])],
      ).changes;
      const n = requeued + broughtForward;
      recordAudit(db, actor, 'webhook.replay', publicEndpointId(endpointId), {
        delivery_id: deliveryId,
        replayed: n,
        retried_now: broughtForward,
        ...(overtaken > 0 ? { resent_after: overtaken } : {}),
      });
      return n;
    })
    .immediate();
}

export interface EndpointHealth {
  endpoint_id: number;
  merchant_code: string;
  environment: Environment;
  url: string;
  /** Removed endpoints are left out of the query. */
  status: Exclude<EndpointStatus, 'removed'>;
  failed: number;
  retrying: number;
}

/** Endpoints with failed deliveries or pending ones that have failed at least once (dashboard). */
export function failingEndpoints(db: Db): EndpointHealth[] {
  return prep(
    db,
    `SELECT e.id AS endpoint_id, m.code AS merchant_code, e.environment, e.url, e.status,
            SUM(d.state = 'failed') AS failed, SUM(d.state = 'pending' AND d.attempts > 0) AS retrying
       FROM webhook_endpoints e JOIN merchants m ON m.id = e.merchant_id
       JOIN webhook_deliveries d ON d.endpoint_id = e.id
       WHERE e.status <> 'removed' AND (d.state = 'failed' OR (d.state = 'pending' AND d.attempts > 0))
       GROUP BY e.id ORDER BY e.id`,
  ).all() as EndpointHealth[];
}
