import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { WebhookSender } from './webhook-sender.js';
import { getEventBody } from '../store/event-bodies.js';
import { SecretBox } from '../store/secret-box.js';
import { attachSecretBox } from '../store/sealed-results.js';
import { dueDeliveries, dueDeliveriesAfter, type DueDelivery } from '../store/webhook-deliveries.js';
import { signingSecrets } from '../store/webhooks.js';
import type {
  AttemptOutcome,
  FromSenderThread,
  SenderThreadData,
  ToSenderThread,
} from './webhook-sender-thread.js';

/**
 * The sending thread: claims due deliveries through its own read-only connection, reads each
 * body and the endpoint's signing secrets, signs and posts them on its own event loop and
 * undici pool, and hands the outcomes to the main thread, which records them (the only
 * writer: a second writer would also change SQLite's data_version and drop the main thread's
 * caches on every write). The DNS-rebinding check runs here, on the connected socket.
 */
const port = parentPort!;
const data = workerData as SenderThreadData;
const sender = new WebhookSender(data.sender);
// The thread starts with the first enabled endpoint; its first event should not load undici.
sender.prepare();
const db = new Database(data.dbPath, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const box = SecretBox.fromKey(data.key);
attachSecretBox(db, box);
/** Opened signing secrets by their sealed text: opening one per delivery showed in the profile. */
const opened = new Map<string, string>();
const openSecret: Pick<SecretBox, 'open'> = {
  open: (sealed) => {
    let plain = opened.get(sealed);
    if (plain === undefined) {
      if (opened.size > 1_000) opened.clear();
      plain = box.open(sealed);
      opened.set(sealed, plain);
    }
    return plain;
  },
};

/** Claimed and not yet recorded by the main thread: never claimed twice. */
const held = new Set<number>();

/**
 * Deliveries claimed or on the wire per receiving origin, at most ORIGIN_HOLD of them: enough
 * to keep the host's keep-alive connections busy with three rounds ready behind them (twice
 * the connections drained a burst of 5,000 events to one loopback receiver 1.5-2 times slower
 * than no cap; four times was within the noise), a quarter of the thread's slots. Without the
 * cap, one merchant's receiver that never answers (each sale an object of its own) took every
 * claim, undici queued them behind that host's connections, and every other merchant's events
 * waited out its header time-outs, round after round (session 34: 44 s, measured by hand).
 */
const ORIGIN_HOLD = 4 * data.sender.connectionsPerHost;
const busyByOrigin = new Map<string, number>();
/** Each endpoint's origin (an endpoint's URL never changes). */
const originOfEndpoint = new Map<number, string>();

function originOf(d: Pick<DueDelivery, 'endpointId' | 'url'>): string {
  let origin = originOfEndpoint.get(d.endpointId);
  if (origin === undefined) {
    try {
      origin = new URL(d.url).origin;
    } catch {
      origin = d.url;
    }
    if (originOfEndpoint.size > 10_000) originOfEndpoint.clear();
    originOfEndpoint.set(d.endpointId, origin);
  }
  return origin;
}

const busy = (origin: string) => busyByOrigin.get(origin) ?? 0;

function release(origin: string): void {
  const n = busy(origin) - 1;
  if (n > 0) busyByOrigin.set(origin, n);
  else busyByOrigin.delete(origin);
}

/** Endpoints whose origin has all it can take: the claim reads past their deliveries. */
function fullEndpoints(): number[] {
  if (busyByOrigin.size === 0) return [];
  const ids: number[] = [];
  for (const [id, origin] of originOfEndpoint) if (busy(origin) >= ORIGIN_HOLD) ids.push(id);
  return ids;
}
/** Claimed, waiting for room on the wire, oldest first. */
let claimed: Claimed[] = [];
let sending = 0;
let closing = false;
/** The node's clock as of the last pass (tests run the node on a clock of their own). */
let clock = { now: Date.now(), at: Date.now() };
const now = () => clock.now + (Date.now() - clock.at);

let outcomes: AttemptOutcome[] = [];
let reporting = false;

/** Outcomes finishing in the same turn go over in one message. */
function report(o: AttemptOutcome): void {
  outcomes.push(o);
  if (reporting) return;
  reporting = true;
  setImmediate(() => {
    reporting = false;
    const batch = outcomes;
    outcomes = [];
    port.postMessage({ type: 'outcomes', outcomes: batch } satisfies FromSenderThread);
    if (closing && sending === 0) void finish();
  });
}

/** Where the last claim stopped in due order; null: start from the beginning. */
let cursor: { dueAt: number; id: number } | null = null;
let lastFullClaim = -Infinity;
/**
 * A claim from the beginning walks past every held delivery (still pending in the store), so
 * most claims read on from the cursor instead. Every so often one starts over, for what the
 * cursor has passed: a later event of an object, due all along but blocked until the earlier
 * one was recorded.
 */
const FULL_CLAIM_EVERY_MS = 100;

/** A claimed delivery with what it is sent with, read in the claim's own read transaction. */
interface Claimed extends DueDelivery {
  /** The event's JSON; null when it is no longer stored. */
  body: string | null;
  secrets: string[];
  origin: string;
}

/**
 * One read transaction for the claim and every body and secret it needs. Each statement
 * outside a transaction starts a read of its own, and when the main thread has committed
 * since the last one (hundreds of times a second under load) SQLite drops this connection's
 * page cache first: a body and a secret read per delivery that way were a quarter of this
 * thread's time. Bodies never change and a secret read a few milliseconds before the send
 * is the one a rotation keeps signing with during its overlap.
 */
const claimRound = db.transaction((at: number, want: number, full: boolean) => {
  const skip = fullEndpoints();
  const due = full
    ? dueDeliveries(db, at, want + held.size, skip)
    : dueDeliveriesAfter(db, at, cursor!, want, skip);
  const fresh: Claimed[] = [];
  let passedOver = false;
  for (const d of due) {
    if (held.has(d.id)) continue;
    const origin = originOf(d);
    // Its host filled up within this claim: left pending, for a claim once one of them ends.
    if (busy(origin) >= ORIGIN_HOLD) {
      passedOver = true;
      continue;
    }
    busyByOrigin.set(origin, busy(origin) + 1);
    fresh.push({
      origin,
      id: d.id,
      endpointId: d.endpointId,
      eventId: d.eventId,
      attempts: d.attempts,
      dueAt: d.dueAt,
      url: d.url,
      body: getEventBody(db, d.eventId),
      secrets: signingSecrets(db, openSecret, d.endpointId, at),
    });
  }
  // A delivery passed over lies before the cursor: the next claim starts from the beginning.
  return { last: passedOver ? undefined : due.at(-1), fresh, passedOver };
});

/** Claims up to one more round than fits on the wire, so a finished send starts the next one at once. */
function claim(): void {
  if (closing) return;
  const want = 2 * data.concurrency - sending - claimed.length;
  if (want <= 0) return;
  const at = now();
  // On the monotonic clock: by Date.now, a clock set back (NTP) stopped the full claims for the
  // length of the step, and deliveries due before the cursor (every new event's) were not sent.
  const full = cursor === null || performance.now() - lastFullClaim >= FULL_CLAIM_EVERY_MS;
  if (full) lastFullClaim = performance.now();
  const { last, fresh, passedOver } = claimRound(at, want, full);
  if (passedOver) cursor = null;
  else if (last) cursor = { dueAt: last.dueAt, id: last.id };
  for (const d of fresh) {
    held.add(d.id);
    claimed.push(d);
  }
  pump();
}

let claimSoon = false;

/**
 * Claims again a few milliseconds after sends finish or outcomes are recorded, once for all
 * of them: a claim per finished send would be a query per delivery.
 */
function claimWhenLow(): void {
  if (claimSoon || claimed.length >= data.concurrency) return;
  claimSoon = true;
  setTimeout(() => {
    claimSoon = false;
    claim();
  }, CLAIM_AGAIN_MS);
}
const CLAIM_AGAIN_MS = 5;

function pump(): void {
  while (!closing && sending < data.concurrency && claimed.length > 0) deliver(claimed.shift()!);
}

function deliver(d: Claimed): void {
  const at = now();
  const body = d.body;
  if (body === null) {
    release(d.origin);
    report({
      deliveryId: d.id,
      attempts: d.attempts,
      final: true,
      status: null,
      error: 'event no longer stored',
      latencyMs: 0,
      response: null,
    });
    return;
  }
  sending += 1;
  void sender.send(d.url, body, d.secrets, Math.floor(at / 1000)).then((r) => {
    sending -= 1;
    release(d.origin);
    // Spelled out, not `{ ...base, final, ...r }`: on Node 20 a spread followed by more
    // properties gives every object a hidden class of its own (see services/transactions.ts).
    report({
      deliveryId: d.id,
      attempts: d.attempts,
      final: false,
      status: r.status,
      error: r.error,
      latencyMs: r.latencyMs,
      response: r.response,
    });
    pump();
    claimWhenLow();
  });
}

async function finish(): Promise<void> {
  await sender.close();
  db.close();
  port.postMessage({ type: 'closed' } satisfies FromSenderThread);
}

port.on('message', (m: ToSenderThread) => {
  if (m.type === 'pass') {
    clock = { now: m.now, at: Date.now() };
    claim();
  } else if (m.type === 'recorded') {
    for (const id of m.ids) held.delete(id);
    // A recorded delivery may unblock the next event of the same object.
    claimWhenLow();
  } else {
    // Claimed but never sent: still pending in the store, so the next start sends them.
    closing = true;
    claimed = [];
    if (sending === 0 && !reporting) void finish();
  }
});
