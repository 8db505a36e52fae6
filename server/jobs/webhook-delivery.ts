import type { Db } from '../store/db.js';
import type { CommitBatcher } from '../store/commit-batcher.js';
import type { SecretBox } from '../store/secret-box.js';
import { getEventBody, publicEventId, pruneEvents, type StoredEvent } from '../store/events.js';
import {
  dueDeliveries,
  fanOutEvents,
  recordAttempt,
  signingSecrets,
  type AttemptResult,
  type DueDelivery,
} from '../store/webhooks.js';
import { nextAttemptAt, RETRY_SCHEDULE_MS } from '../domain/webhook-events.js';
import { WebhookSender, type SendResult, type SenderOptions } from './webhook-sender.js';
import { SenderThread } from './webhook-sender-thread.js';
import { sendDueAlertMails, type AlertMailer } from './low-balance-mail.js';

export interface DeliveryWorkerOptions {
  sender: SenderOptions;
  /** Waits after each failed attempt; the last one failing marks the delivery failed. */
  retryScheduleMs: readonly number[];
  /** How often the outbox is looked at when nothing is happening. */
  pollMs: number;
  /** Deliveries in flight at once, across all endpoints. */
  concurrency: number;
  now: () => number;
  mailer: AlertMailer | null;
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
}

export const DELIVERY_DEFAULTS = {
  retryScheduleMs: RETRY_SCHEDULE_MS,
  pollMs: 200,
  /**
   * A slot is free again only once the main thread, busy with requests, has read the sending
   * thread's answer: a round trip is a turn or two of a loaded event loop, not the receiver's
   * millisecond. At 64 the slots, not the wire, held deliveries below the creates (the outbox
   * grew by about 750 events in a 6-s load); at 256 it does not grow.
   */
  concurrency: 256,
} as const;

/**
 * Attempt outcomes wait this long (or until RECORD_BATCH_MAX of them) to be recorded together:
 * one savepoint and one share of a group commit for many deliveries instead of an fsync each,
 * which is what kept the sender behind the creates. A crash in the window only resends them.
 */
const RECORD_BATCH_MS = 15;
const RECORD_BATCH_MAX = 256;

interface PendingRecord {
  result: AttemptResult;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** The exact JSON body of an event, the same on every attempt and in the feed. */
export function eventBody(e: StoredEvent): Record<string, unknown> {
  return {
    id: publicEventId(e.id),
    type: e.type,
    created_at: e.createdAt,
    environment: e.environment,
    data: e.data,
  };
}

/**
 * Sends the outbox: fans new events out into deliveries, posts the due ones (the oldest
 * pending one per endpoint and object, so order holds), and records each attempt through
 * the group commit. At least once: an attempt whose outcome was not recorded before a crash
 * is simply made again after the restart, with the same event id.
 */
export class WebhookDeliveryWorker {
  /** Deliveries go out from their own thread, so sending does not take the creates' event loop. */
  private readonly thread: SenderThread;
  /** One-off test events (console, CLI) go out from here: no thread for a single request. */
  private tester: WebhookSender | null = null;
  /** Deliveries claimed and not yet recorded (never claimed twice). */
  private readonly inFlight = new Set<number>();
  /** Claimed (in inFlight) and waiting for room on the wire, oldest first. */
  private claimed: DueDelivery[] = [];
  /** Requests on the wire: what the concurrency limit counts. Recording waits for the group commit without holding a slot. */
  private sending = 0;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private stopped = true;
  private ticking = false;
  private again = false;
  private lastPrune = 0;
  private lastMail = 0;
  private mailing = false;
  private records: PendingRecord[] = [];
  private recordTimer: NodeJS.Timeout | null = null;
  /** Opened signing secrets by their sealed text: opening one per delivery showed in the profile. */
  private readonly opened = new Map<string, string>();
  private readonly secretBox: Pick<SecretBox, 'open'>;

  constructor(
    private readonly db: Db,
    private readonly batcher: CommitBatcher,
    private readonly box: SecretBox,
    private readonly opts: DeliveryWorkerOptions,
  ) {
    this.thread = new SenderThread(opts.sender);
    this.secretBox = {
      open: (sealed) => {
        let plain = this.opened.get(sealed);
        if (plain === undefined) {
          if (this.opened.size > 1_000) this.opened.clear();
          plain = box.open(sealed);
          this.opened.set(sealed, plain);
        }
        return plain;
      },
    };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Look at the outbox now (after a commit that may have added events). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // Claimed but never sent: still pending in the store, so the next start sends them.
    for (const d of this.claimed) this.inFlight.delete(d.id);
    this.claimed = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running]);
    this.flushRecords();
    await Promise.all([this.thread.close(), this.tester?.close()]);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    // Keep a pass that is already due sooner; completions arriving together share one pass.
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  /** One pass; exported for tests that drive the worker step by step. */
  async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    this.again = false;
    try {
      const now = this.opts.now();
      // Claims up to one more round of deliveries than fit on the wire: a finished send starts
      // the next claimed one at once, without a pass (and its query) per delivery.
      const want = 2 * this.opts.concurrency - this.sending - this.claimed.length;
      if (want > 0) {
        const due = dueDeliveries(this.db, now, want + this.inFlight.size).filter(
          (d) => !this.inFlight.has(d.id),
        );
        for (const d of due.slice(0, want)) {
          this.inFlight.add(d.id);
          this.claimed.push(d);
        }
      }
      this.pump();
      // Through the group commit: the fan-out shares the creates' fsync instead of adding its own.
      if ((await this.batcher.submit(() => fanOutEvents(this.db, now, 5_000))) > 0) this.again = true;
      if (now - this.lastPrune > 3_600_000) {
        this.lastPrune = now;
        pruneEvents(this.db, now);
      }
      if (this.opts.mailer && !this.mailing && now - this.lastMail > 1_000) {
        this.lastMail = now;
        // One mail pass at a time: a slow SMTP server must not get the same alert twice.
        this.mailing = true;
        this.track(
          sendDueAlertMails(this.db, this.opts.mailer, now, this.opts.retryScheduleMs, this.opts.log).finally(
            () => (this.mailing = false),
          ),
        );
      }
    } catch (err) {
      this.opts.log.error({ err }, 'webhook delivery pass failed');
    } finally {
      this.ticking = false;
    }
    this.schedule(this.again ? 0 : this.opts.pollMs);
  }

  /** Starts claimed deliveries while there is room on the wire. */
  private pump(): void {
    while (!this.stopped && this.sending < this.opts.concurrency && this.claimed.length > 0) {
      this.deliver(this.claimed.shift()!);
    }
  }

  private deliver(d: DueDelivery): void {
    const work = this.attempt(d)
      .catch((err: unknown) => this.opts.log.error({ err, delivery: d.id }, 'webhook delivery failed'))
      .finally(() => {
        this.inFlight.delete(d.id);
        // A finished delivery may unblock the next event of the same object.
        this.schedule(5);
      });
    this.track(work);
  }

  private track(work: Promise<unknown>): void {
    const p = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  private async attempt(d: DueDelivery): Promise<void> {
    const body = getEventBody(this.db, d.eventId);
    const now = this.opts.now();
    if (body === null) {
      await this.record({
        deliveryId: d.id,
        delivered: false,
        status: null,
        error: 'event no longer stored',
        latencyMs: 0,
        response: null,
        nextAttemptAt: null,
      });
      return;
    }
    const secrets = signingSecrets(this.db, this.secretBox, d.endpointId, now);
    this.sending += 1;
    let r: SendResult;
    try {
      r = await this.thread.send(d.url, body, secrets, Math.floor(now / 1000));
    } finally {
      this.sending -= 1;
      this.pump();
      // Look for more only when the claimed ones run low.
      if (this.claimed.length < this.opts.concurrency) this.schedule(5);
    }
    const delivered = r.status !== null && r.status >= 200 && r.status < 300;
    const error = r.error ?? (delivered ? null : `HTTP ${r.status}`);
    await this.record({
      deliveryId: d.id,
      delivered,
      status: r.status,
      error,
      latencyMs: r.latencyMs,
      response: r.response,
      nextAttemptAt: delivered
        ? null
        : nextAttemptAt(d.attempts + 1, this.opts.now(), this.opts.retryScheduleMs),
    });
  }

  /** Queues an outcome for the next batch; settles once that batch is committed. */
  private record(result: AttemptResult): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.records.push({ result, resolve, reject });
      if (this.records.length >= RECORD_BATCH_MAX) this.flushRecords();
      else this.recordTimer ??= setTimeout(() => this.flushRecords(), RECORD_BATCH_MS);
    });
  }

  private flushRecords(): void {
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    const batch = this.records;
    if (batch.length === 0) return;
    this.records = [];
    // One savepoint for the batch: these are plain UPDATEs, and if it rolls back, every
    // delivery in it stays pending and is simply sent again (at least once).
    this.batcher
      .submit(() => {
        for (const p of batch) recordAttempt(this.db, p.result);
      })
      .then(
        () => batch.forEach((p) => p.resolve()),
        (err: unknown) => batch.forEach((p) => p.reject(err)),
      );
  }

  /** Signs and posts a one-off test event to a URL now; nothing is stored. */
  sendTest(url: string, endpointId: number, environment: string) {
    const now = this.opts.now();
    const body = JSON.stringify({
      id: `evt_test_${now}`,
      type: 'webhook.test',
      created_at: new Date(now).toISOString(),
      environment,
      data: { endpoint_id: `we_${endpointId}` },
    });
    this.tester ??= new WebhookSender(this.opts.sender);
    return this.tester.send(
      url,
      body,
      signingSecrets(this.db, this.box, endpointId, now),
      Math.floor(now / 1000),
    );
  }
}
