import { EventEmitter } from 'node:events';
import type { Purchase } from '../store/purchases.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import { outcomeOrUnknown, type VendOutcome } from '../domain/vend-outcome.js';
import type { DecisionSubject } from '../domain/purchase-decision.js';
import { PUBLIC_FAILURE } from '../domain/failure-reason.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import { DEFAULT_MAX_IN_FLIGHT, InFlightLimit } from './in-flight-limit.js';
import { vendRequestOf, type Upstream } from '../upstreams/types.js';
import { VendDecisions, type DecisionOptions } from './vend-decisions.js';
import { VendRequery } from './vend-requery.js';

export interface WorkerOptions extends DecisionOptions {
  /** Vends sent to one external upstream at a time (default DEFAULT_MAX_IN_FLIGHT); the rest wait queued. */
  maxInFlight?: number;
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
}

/** How soon a vend that crashed before its send was recorded is tried again. */
export const CRASHED_QUEUED_RETRY_MS = 5_000;

/**
 * Runs the durable vend queue (DESIGN "Purchase lifecycle"): marks a job vend_started and
 * commits that before calling the upstream, so a crash can only lead to a requery; turns each
 * answer into a decision of the outcome table and hands it to the store (vend-decisions.ts);
 * requeries pending purchases with backoff (vend-requery.ts); never sends a purchase twice.
 */
export class VendWorker {
  private readonly events = new EventEmitter();
  private readonly inFlight = new Set<number>();
  private stopped = false;
  private readonly running = new Set<Promise<void>>();
  private readonly slots: InFlightLimit;
  private readonly decisions: VendDecisions;
  private readonly requeries: VendRequery;

  constructor(
    private readonly store: PurchaseStore,
    private readonly router: UpstreamRouter,
    private opts: WorkerOptions,
  ) {
    this.events.setMaxListeners(0);
    this.slots = new InFlightLimit(opts.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.decisions = new VendDecisions(store, router, this.events, opts);
    this.requeries = new VendRequery(store, router, this.decisions, this.inFlight, () => this.stopped);
  }

  /** The node's own logger, once the HTTP app that owns it is built (the CLI keeps the default). */
  setLogger(log: WorkerOptions['log']): void {
    this.opts = Object.assign({}, this.opts, { log });
  }

  /** Vends sending to (or waiting for) one upstream now. */
  upstreamLoad(upstreamName: string): { active: number; waiting: number } {
    return this.slots.usage(upstreamName);
  }

  /**
   * Called after a purchase's commit: vend it now, in the background. `created` is the purchase
   * as its create just stored it (pending, job queued at the first route), which spares reading
   * both back.
   */
  enqueue(purchaseId: number, created?: Purchase): void {
    this.track(this.vend(purchaseId, created));
  }

  /** Start-up recovery: requery interrupted sends, vend what was queued. */
  recover(): { requeried: number; queued: number } {
    const requeried = this.store.recoverInterrupted(this.opts.now());
    const queued = this.store.queuedJobs(100_000);
    for (const j of queued) this.enqueue(j.purchaseId);
    if (requeried || queued.length)
      this.opts.log.info({ requeried, queued: queued.length }, 'recovered vend jobs after start');
    return { requeried, queued: queued.length };
  }

  /**
   * The one way to wait for a purchase's answer, registered before its vend starts so the
   * answer cannot be missed: `final` waits for success or failed, `first` also wakes on the
   * first "still pending" answer (orders answer with it). Resolves after timeoutMs regardless.
   */
  whenAnswered(purchaseId: number, timeoutMs: number, until: 'final' | 'first'): Promise<void> {
    const events =
      until === 'final' ? [`final:${purchaseId}`] : [`final:${purchaseId}`, `answered:${purchaseId}`];
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const e of events) this.events.off(e, done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      for (const e of events) this.events.on(e, done);
    });
  }

  /**
   * Requeries every due pending purchase once (the poller calls this). Due jobs are read 200 at
   * a time until none is left, so a backlog after a restart (thousands of interrupted vends)
   * drains in one tick rather than 200 per tick; each purchase is asked at most once per call.
   */
  async pollDue(maxRounds = 50): Promise<number> {
    const seen = new Set<number>();
    for (let round = 0; round < maxRounds; round++) {
      const due = this.store.duePolls(this.opts.now()).filter((j) => !seen.has(j.purchaseId));
      if (due.length === 0) break;
      for (const j of due) seen.add(j.purchaseId);
      // One purchase's error (a failed commit, say) must not hold back the others' answers.
      const answers = await Promise.allSettled(due.map((j) => this.requery(j.purchaseId)));
      answers.forEach((a, i) => {
        if (a.status === 'rejected')
          this.opts.log.error({ purchaseId: due[i].purchaseId, err: a.reason }, 'requery failed');
      });
    }
    return seen.size;
  }

  /**
   * The clock was set back `backMs` (NTP): requeries scheduled by the old time move back as far,
   * and so do the send times stamped by it. Returns how many requeries moved.
   */
  async clockSetBack(backMs: number): Promise<number> {
    const now = this.opts.now();
    const [moved] = await Promise.all([
      this.store.movePollsBack(now, backMs),
      this.store.moveSendTimesBack(now, backMs),
    ]);
    return moved;
  }

  /** The clock jumped `forwardMs`: sends made before it move forward as far (grace, attention). */
  clockSetForward(forwardMs: number): Promise<number> {
    return this.store.moveSendTimesForward(this.opts.now(), forwardMs);
  }

  /** Requery one purchase now (console "requery" button, poller). */
  requery(purchaseId: number): Promise<Purchase | null> {
    // Tracked like vends, so stop() waits for it before the database is closed.
    const work = this.requeries.requeryOnce(purchaseId);
    this.track(
      work.then(
        () => undefined,
        () => undefined,
      ),
    );
    return work;
  }

  /**
   * A completed sale re-checked at its upstream (an admin's "re-check status"): the answer
   * only, never a settle (vend-requery.ts).
   */
  async recheckCompleted(purchaseId: number): Promise<VendOutcome | null> {
    const work = this.requeries.recheckCompleted(purchaseId);
    if (!work) return null;
    this.track(
      work.then(
        () => undefined,
        () => undefined,
      ),
    );
    return work;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running]);
  }

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /**
   * Vends one purchase, a round per route: a route that refuses before accepting the vend hands
   * it to the next. Whatever throws leaves it recoverable (recoverCrashedVend).
   */
  private async vend(purchaseId: number, created?: Purchase): Promise<void> {
    if (this.stopped || this.inFlight.has(purchaseId)) return;
    this.inFlight.add(purchaseId);
    try {
      for (;;) {
        const job = created ? { state: 'queued', routeIndex: 0 } : this.store.job(purchaseId);
        const p = created ?? this.store.purchase(purchaseId);
        created = undefined; // a second route round reads the stored state
        if (!job || !p || job.state !== 'queued' || p.state !== 'pending') return;
        const candidates = this.router.candidates(p.environment, p.kind, p.product, p.network);
        const upstream = this.pickUpstream(p, candidates, job.routeIndex);
        if (!upstream) {
          await this.failWithoutUpstream(purchaseId, p);
          return;
        }
        const routeAgain = upstream.inProcess
          ? await this.vendInProcess(purchaseId, p, upstream, candidates)
          : await this.vendWhenSlotFree(purchaseId, p, upstream);
        if (!routeAgain) return;
      }
    } catch (error) {
      await this.recoverCrashedVend(purchaseId, error);
    } finally {
      this.inFlight.delete(purchaseId);
    }
  }

  /** The first route from index `from` on whose circuit lets a vend through (a test sale ignores circuits). */
  private pickUpstream(p: Purchase, candidates: Upstream[], from: number): Upstream | undefined {
    return candidates.slice(from).find((u) => p.environment === 'test' || this.router.breaker.allows(u.name));
  }

  private async failWithoutUpstream(purchaseId: number, p: Purchase): Promise<void> {
    await this.decisions.settle(
      purchaseId,
      {
        action: 'fail',
        to: 'failed',
        reason: 'No upstream available for this product',
        publicReason: PUBLIC_FAILURE.noProvider,
      },
      null,
    );
    this.opts.log.warn({ ref: p.internalReference }, 'no upstream available; purchase failed and refunded');
  }

  /**
   * The in-process simulator has no effect outside this database, so it is asked first and
   * vend_started and its outcome are written by one operation of one commit. True: route again.
   */
  private async vendInProcess(
    purchaseId: number,
    p: Purchase,
    upstream: Upstream,
    candidates: Upstream[],
  ): Promise<boolean> {
    const sentAt = this.opts.now();
    const subject = this.firstSendSubject(p, sentAt, upstream, candidates);
    const outcome = await outcomeOrUnknown(() => upstream.vend(vendRequestOf(p, sentAt)));
    if (outcome.kind !== 'not_accepted') {
      this.decisions.recordHealth(upstream, outcome, false);
      const decision = this.decisions.decide(purchaseId, subject, outcome, [upstream]);
      if (await this.store.markSent(purchaseId, upstream, sentAt, decision)) {
        if (decision.action === 'requery_later') this.decisions.sends.sent(purchaseId);
        this.decisions.announce(purchaseId, decision);
      }
      return false;
    }
    if (!(await this.store.markSent(purchaseId, upstream, sentAt)) || this.stopped) return false;
    this.decisions.sends.sent(purchaseId);
    return this.settleFirstAnswer(purchaseId, p, upstream, subject, outcome);
  }

  /**
   * An external upstream's vends wait their turn here, their jobs still queued; each holds its
   * slot until its answer is settled. True: route again.
   */
  private async vendWhenSlotFree(purchaseId: number, p: Purchase, picked: Upstream): Promise<boolean> {
    const name = picked.name;
    await this.slots.acquire(name);
    // Released whatever happens from here, a throw included: a slot kept by a crashed vend
    // would hold every later sale to this upstream queued.
    try {
      // The wait may have been long: send through the upstream as it is configured now (its
      // old instance's pool is closed a minute after a change), or route again if it is gone.
      const candidates = this.router.candidates(p.environment, p.kind, p.product, p.network);
      const current = candidates.find((u) => u.name === name);
      if (this.stopped || !current || (p.environment !== 'test' && !this.router.breaker.allows(name))) {
        // Stopping, its circuit opened or its route went while this vend waited: it stays queued or is routed again.
        return !this.stopped;
      }
      return await this.markSentThenSend(purchaseId, p, current, candidates);
    } finally {
      this.slots.release(name);
    }
  }

  /** An external upstream is called only once vend_started is durable. True: route again. */
  private async markSentThenSend(
    purchaseId: number,
    p: Purchase,
    upstream: Upstream,
    candidates: Upstream[],
  ): Promise<boolean> {
    const sentAt = this.opts.now();
    const subject = this.firstSendSubject(p, sentAt, upstream, candidates);
    if (!(await this.store.markSent(purchaseId, upstream, sentAt)) || this.stopped) return false;
    this.decisions.sends.sent(purchaseId);
    const outcome = await outcomeOrUnknown(() => upstream.vend(vendRequestOf(p, sentAt)));
    return this.settleFirstAnswer(purchaseId, p, upstream, subject, outcome);
  }

  /** What the outcome table needs of a first send; a refusal before accepting may go to the next route. */
  private firstSendSubject(
    p: Purchase,
    sentAt: number,
    upstream: Upstream,
    candidates: Upstream[],
  ): DecisionSubject {
    const nextIndex = candidates.indexOf(upstream) + 1;
    return {
      state: p.state,
      sentAt,
      pollCount: 0,
      requery: false,
      nextRoute: nextIndex < candidates.length ? nextIndex : null,
    };
  }

  /** Settles the answer to a send already recorded as started. True: route again. */
  private async settleFirstAnswer(
    purchaseId: number,
    p: Purchase,
    upstream: Upstream,
    subject: DecisionSubject,
    outcome: VendOutcome,
  ): Promise<boolean> {
    this.decisions.recordHealth(upstream, outcome, false);
    const decision = this.decisions.decide(purchaseId, subject, outcome, [upstream]);
    if (
      decision.action === 'try_next_route' ||
      (outcome.kind === 'not_accepted' && decision.action === 'fail')
    ) {
      this.opts.log.warn(
        {
          ref: p.internalReference,
          upstream: upstream.name,
          reason: decision.reason,
          // The reason says it in words; the transport's own code is for whoever debugs it.
          ...(outcome.kind === 'not_accepted' && outcome.code ? { code: outcome.code } : {}),
        },
        'upstream did not accept the vend',
      );
    }
    await this.decisions.settle(purchaseId, decision, upstream.name);
    return decision.action === 'try_next_route';
  }

  private async recoverCrashedVend(purchaseId: number, error: unknown): Promise<void> {
    this.opts.log.error({ err: error, purchaseId }, 'vend job crashed; it stays recoverable');
    // A send may have happened: hand the job to the poller (requery, never re-send).
    const handed = await this.store
      .requeryAfterCrash(purchaseId, this.decisions.nextPollAt(0), 'vend job crashed')
      .catch((err: unknown) => {
        // Said, not swallowed: a job left vend_started waits for the next start's recovery.
        this.opts.log.warn(
          { err, purchaseId },
          'could not hand the crashed vend job to the poller; if its send was recorded, it is requeried after the next start',
        );
        return false;
      });
    if (handed) this.events.emit(`answered:${purchaseId}`);
    // Still queued (the crash came before its send was recorded, e.g. a full disk): nothing
    // was sent, so it is tried again shortly instead of waiting for the next start.
    else if (!this.stopped && this.store.job(purchaseId)?.state === 'queued')
      setTimeout(() => {
        if (!this.stopped) this.enqueue(purchaseId);
      }, CRASHED_QUEUED_RETRY_MS).unref();
  }

  /** A vend or a requery of this purchase is under way: its provider's answer is coming. */
  isAsking(purchaseId: number): boolean {
    return this.inFlight.has(purchaseId);
  }

  /** Lets resolve (console/CLI) wake a sync waiter. */
  notifyFinal(purchaseId: number): void {
    this.decisions.sends.settled(purchaseId);
    this.events.emit(`final:${purchaseId}`);
  }
}
