import { nowIso, prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import type { Purchase } from './purchases.js';
import { orderEnvelope, sqlTime, transactionEnvelope } from '../domain/purchase-answers.js';
import { koboToApiNaira } from '../../common/money.js';
import { eventTypeOfOutcome, type EventType } from '../domain/webhook-events.js';
import { jsonColumnFor, jsonFromColumn } from './sealed-results.js';

import { publicEventId } from './event-bodies.js';

export { fundingOf, getEventBody, movementField, publicEventId } from './event-bodies.js';

/**
 * The event outbox. Every function here runs inside the caller's store transaction, so an
 * event commits (or rolls back) with the state change it reports. Events are always written,
 * whether or not the merchant has an endpoint: the feed (`GET /v1/events`) lists them for
 * every merchant, and one INSERT in a transaction that is being committed anyway costs a few
 * microseconds (see docs/webhooks.md for the measurement).
 *
 * An event's `data` must be byte for byte what the status, order and balance endpoints answer:
 * the purchase answers come from domain/purchase-answers.ts, which those routes use too, and
 * the balance answer is built here (walletBalanceAnswer), pure functions of the stored row.
 */

export interface StoredEvent {
  id: number;
  merchantId: number;
  environment: Environment;
  type: EventType;
  objectKey: string;
  data: unknown;
  /** wallet.funded: the amount credited (`funding`); wallet.adjusted: the signed correction (`adjustment`); else null. */
  fundingKobo: number | null;
  createdAt: string;
}

interface EventRow {
  id: number;
  merchant_id: number;
  environment: Environment;
  type: EventType;
  object_key: string;
  data: string;
  funding_kobo: number | null;
  created_at: string;
}

export const EVENT_RETENTION_DAYS = 30;

export function toStoredEvent(r: EventRow, db: Db): StoredEvent {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    environment: r.environment,
    type: r.type,
    objectKey: r.object_key,
    data: jsonFromColumn(db, r.data),
    fundingKobo: r.funding_kobo,
    createdAt: r.created_at,
  };
}

/** Who is told when an event is appended through a connection (the node's delivery worker). */
const eventListeners = new WeakMap<Db, () => void>();

/**
 * Calls `listener` each time an event is appended through `db`. It runs inside the caller's
 * transaction, so it must only schedule work (the worker looks after the commit, and finds
 * nothing if it rolled back). Events written by another process (the CLI) are found by polling.
 */
export function onEventRecorded(db: Db, listener: () => void): void {
  eventListeners.set(db, listener);
}

/** Appends one event to the outbox; the caller's transaction makes it durable. */
export function recordEvent(
  db: Db,
  e: {
    merchantId: number;
    environment: Environment;
    type: EventType;
    objectKey: string;
    data: unknown;
    /** The purchase result the data shows: a voucher in it seals the stored data too. */
    result?: Record<string, unknown> | null;
    /** wallet.funded: the amount credited; wallet.adjusted: the signed correction. */
    fundingKobo?: number;
  },
): number {
  const id = prep(
    db,
    `INSERT INTO events (merchant_id, environment, type, object_key, data, funding_kobo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    e.merchantId,
    e.environment,
    e.type,
    e.objectKey,
    jsonColumnFor(db, e.result ?? null, JSON.stringify(e.data)),
    e.fundingKobo ?? null,
    nowIso(db),
  ).lastInsertRowid as number;
  eventListeners.get(db)?.();
  return id;
}

function merchantName(db: Db, merchantId: number): string {
  const r = prep(db, 'SELECT name FROM merchants WHERE id = ?').get(merchantId) as
    { name: string } | undefined;
  return r?.name ?? '';
}

/** The event a purchase's final state produces, with the status or order answer as `data`. */
export function recordPurchaseOutcome(db: Db, p: Purchase): void {
  if (p.state === 'pending') return;
  const type = eventTypeOfOutcome(p.kind, p.state);
  const data =
    p.kind === 'transaction'
      ? transactionEnvelope(p, 'status', merchantName(db, p.merchantId))
      : orderEnvelope(p);
  recordEvent(db, {
    merchantId: p.merchantId,
    environment: p.environment,
    type,
    objectKey: `purchase:${p.id}`,
    data,
    result: p.result,
  });
}

/** The balance answer of `GET /v1/wallet/balance` for one wallet. */
export function walletBalanceAnswer(w: { environment: Environment; balanceKobo: number; updatedAt: string }) {
  const balance = koboToApiNaira(w.balanceKobo);
  return {
    status: 'success' as const,
    data: [
      { environment: w.environment, currency: 'NGN' as const, balance, updated_at: sqlTime(w.updatedAt) },
    ],
    total: balance,
  };
}

type EventWallet = {
  id: number;
  merchantId: number;
  environment: Environment;
  balanceKobo: number;
  updatedAt: string;
};

export function recordLowBalanceEvent(db: Db, w: EventWallet): number {
  return recordEvent(db, {
    merchantId: w.merchantId,
    environment: w.environment,
    type: 'wallet.low_balance',
    objectKey: `wallet:${w.id}`,
    data: walletBalanceAnswer(w),
  });
}

/**
 * An operator's funding (`wallet.funded`) or correction, either sign (`wallet.adjusted`): `data`
 * is the balance answer right after, as for every wallet event, and the amount moved rides
 * beside it (`funding` or `adjustment`), since the balance alone cannot say it once a sale lands
 * between two events. The operator's reason is not sent: the console and the CLI keep it "in
 * the ledger and the audit log", words written for the node's own people.
 */
export function recordWalletMovementEvent(
  db: Db,
  w: EventWallet,
  kind: 'funding' | 'adjustment',
  amountKobo: number,
): number {
  return recordEvent(db, {
    merchantId: w.merchantId,
    environment: w.environment,
    type: kind === 'funding' ? 'wallet.funded' : 'wallet.adjusted',
    objectKey: `wallet:${w.id}`,
    data: walletBalanceAnswer(w),
    fundingKobo: amountKobo,
  });
}

/** The feed: a merchant's events after a cursor, oldest first. */
export function listEvents(
  db: Db,
  merchantId: number,
  env: Environment,
  afterId: number,
  limit: number,
): StoredEvent[] {
  return (
    prep(
      db,
      `SELECT * FROM events WHERE merchant_id = ? AND environment = ? AND id > ? ORDER BY id LIMIT ?`,
    ).all(merchantId, env, afterId, limit) as EventRow[]
  ).map((r) => toStoredEvent(r, db));
}

/**
 * Why `afterId` cannot be a cursor this credential's feed gave, or null when it can be: the
 * id of one of its own events, 0, or an id issued and no longer stored (pruned after 30 days,
 * or lost with the node a restored backup replaced, whose ids are never issued again). An
 * event of another merchant or of the other environment, or an id not issued yet, would
 * otherwise be read past (events skipped) or waited on (an empty feed) without a word; so
 * would a cursor older than the newest of this feed's events the retention pruned.
 */
export function feedCursorProblem(
  db: Db,
  merchantId: number,
  env: Environment,
  afterId: number,
): string | null {
  if (afterId === 0) return null;
  const cursor = publicEventId(afterId);
  const advice = 'pass the id of the last event this feed gave you, or no after to read from the oldest kept';
  const row = prep(db, 'SELECT merchant_id, environment FROM events WHERE id = ?').get(afterId) as
    { merchant_id: number; environment: Environment } | undefined;
  if (row && (row.merchant_id !== merchantId || row.environment !== env))
    return `after ${cursor} is not one of this merchant's ${env} events: ${advice}`;
  if (!row) {
    const seq = prep(db, `SELECT seq FROM sqlite_sequence WHERE name = 'events'`).get() as
      { seq: number } | undefined;
    if (afterId > (seq?.seq ?? 0)) return `after ${cursor} has not been recorded yet: ${advice}`;
  }
  // Events of this feed after the cursor were pruned: reading on would skip them without a word.
  const pruned = prep(
    db,
    'SELECT last_pruned_id FROM event_prune_marks WHERE merchant_id = ? AND environment = ?',
  ).get(merchantId, env) as { last_pruned_id: number } | undefined;
  if (pruned && afterId < pruned.last_pruned_id)
    return `this merchant's ${env} events after ${cursor}, up to ${publicEventId(pruned.last_pruned_id)}, were older than ${EVENT_RETENTION_DAYS} days and are no longer kept: read from the oldest kept (no after), and check the sales in between with the status calls`;
  return null;
}

export function getEvent(db: Db, id: number): StoredEvent | null {
  const r = prep(db, 'SELECT * FROM events WHERE id = ?').get(id) as EventRow | undefined;
  return r ? toStoredEvent(r, db) : null;
}

/** Events older than the retention window go, with their finished deliveries. */
export function pruneEvents(db: Db, nowMs: number): number {
  const cutoff = new Date(nowMs - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  return db
    .transaction(() => {
      // Walks from the oldest event to the first one still kept: with hourly pruning that is
      // about an hour of events, and it spares every insert a created_at index.
      const keep = prep(db, 'SELECT id FROM events WHERE created_at >= ? ORDER BY id LIMIT 1').get(cutoff) as
        { id: number } | undefined;
      const last = {
        id: keep
          ? keep.id - 1
          : ((prep(db, 'SELECT MAX(id) AS id FROM events').get() as { id: number | null }).id ?? 0),
      };
      if (last.id <= 0) return 0;
      prep(db, `DELETE FROM webhook_deliveries WHERE event_id <= ? AND state <> 'pending'`).run(last.id);
      prep(db, `DELETE FROM alert_mails WHERE event_id <= ? AND state <> 'pending'`).run(last.id);
      // What each feed loses, so a cursor from before it is told (feedCursorProblem).
      prep(
        db,
        `INSERT INTO event_prune_marks (merchant_id, environment, last_pruned_id)
           SELECT merchant_id, environment, MAX(id) FROM events
             WHERE id <= ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = events.id)
             GROUP BY merchant_id, environment
           ON CONFLICT (merchant_id, environment) DO UPDATE SET last_pruned_id = MAX(last_pruned_id, excluded.last_pruned_id)`,
      ).run(last.id);
      return prep(
        db,
        `DELETE FROM events WHERE id <= ? AND NOT EXISTS
           (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = events.id)`,
      ).run(last.id).changes;
    })
    .immediate();
}

/**
 * Moves the next event id on by `gap` (a restored backup: ids the lost node issued are never
 * issued again); returns the last id now counted as used.
 */
export function skipEventIds(db: Db, gap: number): number | null {
  prep(db, `UPDATE sqlite_sequence SET seq = seq + ? WHERE name = 'events'`).run(gap);
  return (
    (prep(db, `SELECT seq FROM sqlite_sequence WHERE name = 'events'`).get() as { seq: number } | undefined)
      ?.seq ?? null
  );
}
