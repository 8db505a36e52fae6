import type { Db } from '../store/db.js';
import type { CommitBatcher } from '../store/commit-batcher.js';
import type { SecretBox } from '../store/secret-box.js';
import {
  fundingOf,
  movementField,
  onEventRecorded,
  publicEventId,
  pruneEvents,
  type StoredEvent,
} from '../store/events.js';
import {
  fanOutEvents,
  hasPendingDeliveries,
  moveRetriesBack,
  recordAttempt,
  type AttemptResult,
} from '../store/webhook-deliveries.js';
import { hasEnabledEndpoint, signingSecrets } from '../store/webhooks.js';
import { nextAttemptAt, RETRY_SCHEDULE_MS } from '../domain/webhook-events.js';
import { WebhookSender, type SenderOptions } from './webhook-sender.js';
import { SenderThread, type AttemptOutcome } from './webhook-sender-thread.js';
import type { WebhookDelivery } from '../services/context.js';
import { sendDueAlertMails, type AlertMailer } from './low-balance-mail.js';

export interface DeliveryWorkerOptions {
  sender: SenderOptions;
  /** Waits after each failed attempt; the last one failing marks the delivery failed. */
  retryScheduleMs: readonly number[];
  /**
   * How often the outbox is looked at when nothing is happening: for retries coming due and
   * events another process (the CLI) wrote. This node's own events wake the worker at once.
   */
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
   * Requests on the wire at once, across endpoints (the thread claims up to twice as many).
   * 64 held deliveries below the creates when a slot waited for the loaded main thread to read
   * each answer; the thread now frees a slot itself, and 256 stays for a slow receiver's sake.
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

/** The exact JSON body of an event, the same on every attempt and in the feed. */
export function eventBody(e: StoredEvent): Record<string, unknown> {
  return {
    id: publicEventId(e.id),
    type: e.type,
    created_at: e.createdAt,
    environment: e.environment,
    data: e.data,
    ...(e.fundingKobo === null ? {} : { [movementField(e.type)]: fundingOf(e.fundingKobo) }),
  };
}

/**
 * Sends the outbox: fans new events out into deliveries (one per subscribed endpoint) and
 * records each attempt's outcome through the group commit, while the sending thread claims
 * the due deliveries (the oldest pending one per endpoint and object, so order holds), signs
 * and posts them. At least once: an attempt whose outcome was not recorded before a crash is
 * simply made again after the restart, with the same event id.
 */
export class WebhookDeliveryWorker implements WebhookDelivery {
  /** Claims, signs and sends from its own thread, so none of it takes the creates' event loop. */
  private readonly thread: SenderThread;
  /** One-off test events (console, CLI) go out from here: no thread for a single request. */
  private tester: WebhookSender | null = null;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private stopped = true;
  private ticking = false;
  private again = false;
  private lastPrune = 0;
  private lastMail = 0;
  private mailing = false;
  private records: AttemptResult[] = [];
  private recordTimer: NodeJS.Timeout | null = null;
  private passing: Promise<void> = Promise.resolve();
  /**
   * After the sending thread dies, the next one starts only after this pause (wall clock),
   * doubling from 1 s to a minute while threads keep dying before they send anything: a thread
   * that cannot start (its database file gone, say) must not be respawned and logged every pass.
   */
  private restartPauseMs = 0;
  private restartAt = 0;

  constructor(
    private readonly db: Db,
    private readonly batcher: CommitBatcher,
    private readonly box: SecretBox,
    private readonly opts: DeliveryWorkerOptions,
  ) {
    this.thread = new SenderThread(
      { sender: opts.sender, dbPath: db.name, key: box.keyForThread(), concurrency: opts.concurrency },
      (outcomes) => this.recordOutcomes(outcomes),
      (err) => {
        if (this.stopped) return;
        this.restartPauseMs = Math.min(Math.max(2 * this.restartPauseMs, 1_000), 60_000);
        this.restartAt = Date.now() + this.restartPauseMs;
        this.opts.log.error(
          { err, restart_in_ms: this.restartPauseMs },
          'webhook sender thread stopped; its deliveries stay pending',
        );
      },
    );
    // A new event is fanned out as soon as its transaction has committed, not at the next idle
    // pass: waiting for the poll added up to pollMs of lag to every event after a quiet moment.
    onEventRecorded(db, () => this.wake());
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Look at the outbox now (after a commit that may have added events). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** The clock was set back `backMs` (NTP): retries scheduled by the old time move back as far. */
  async clockSetBack(backMs: number): Promise<number> {
    const moved = await this.batcher.submit(() => moveRetriesBack(this.db, this.opts.now(), backMs));
    this.wake();
    return moved;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A pass under way finishes its fan-out write before the caller closes the database.
    await this.passing;
    // The thread finishes what is on the wire and hands the outcomes over before it ends.
    await this.thread.close();
    this.flushRecords();
    await Promise.allSettled([...this.running]);
    await this.tester?.close();
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
    this.timer = setTimeout(() => {
      this.passing = this.tick();
    }, ms);
  }

  /** One pass; exported for tests that drive the worker step by step. */
  async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    this.again = false;
    try {
      const now = this.opts.now();
      // Through the group commit: the fan-out shares the creates' fsync instead of adding its own.
      const made = await this.batcher.submit(() => fanOutEvents(this.db, now, 5_000));
      if (made > 0) this.again = true;
      // The thread claims what is due (retries coming due included). It starts once there is
      // something to send or an endpoint that will want it, so the first event after a start
      // does not wait for the thread to load; a node without endpoints never starts it.
      const mayStart = this.thread.running || Date.now() >= this.restartAt;
      if (
        !this.stopped &&
        mayStart &&
        (made > 0 || this.thread.running || hasPendingDeliveries(this.db) || hasEnabledEndpoint(this.db))
      )
        this.thread.pass(now);
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

  private track(work: Promise<unknown>): void {
    const p = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  /** The thread's outcomes, queued for the next batched write. */
  private recordOutcomes(outcomes: AttemptOutcome[]): void {
    // A thread that sends is a working one: the next death starts the pause from 1 s again.
    this.restartPauseMs = 0;
    const now = this.opts.now();
    for (const o of outcomes) {
      const delivered = o.status !== null && o.status >= 200 && o.status < 300;
      this.records.push({
        deliveryId: o.deliveryId,
        delivered,
        status: o.status,
        error: o.error ?? (delivered ? null : `HTTP ${o.status}`),
        latencyMs: o.latencyMs,
        response: o.response,
        nextAttemptAt:
          delivered || o.final ? null : nextAttemptAt(o.attempts + 1, now, this.opts.retryScheduleMs),
      });
    }
    if (this.records.length >= RECORD_BATCH_MAX) this.flushRecords();
    else this.recordTimer ??= setTimeout(() => this.flushRecords(), RECORD_BATCH_MS);
  }

  /**
   * One savepoint for the batch: these are plain UPDATEs, and if it rolls back, every delivery
   * in it stays pending and is simply sent again (at least once). Either way the thread may
   * claim them again afterwards.
   */
  private flushRecords(): void {
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    const batch = this.records;
    if (batch.length === 0) return;
    this.records = [];
    const ids = batch.map((r) => r.deliveryId);
    this.track(
      this.batcher
        .submit(() => {
          for (const r of batch) recordAttempt(this.db, r);
        })
        .catch((err: unknown) =>
          this.opts.log.error({ err, deliveries: ids.length }, 'recording webhook attempts failed'),
        )
        .finally(() => {
          this.thread.recorded(ids);
          // A retry may be due sooner than the next idle pass.
          if (batch.some((r) => r.nextAttemptAt !== null)) this.schedule(this.opts.pollMs);
        }),
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
