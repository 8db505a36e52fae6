import { EventEmitter } from 'node:events';
import type { Db } from '../store/db.js';
import type { CommitBatcher } from '../store/commit-batcher.js';
import {
  getPurchaseById,
  settleFailed,
  settleSuccess,
  flagNeedsAttention,
  touchPurchase,
  type Purchase,
} from '../store/purchases.js';
import {
  duePolls,
  getJob,
  markVendStarted,
  queuedJobs,
  recoverInterruptedJobs,
  requeueForNextRoute,
  schedulePoll,
} from '../store/vend-jobs.js';
import { nextRequeryDelayMs, notFoundIsFinal, type VendOutcome } from '../domain/vend-outcome.js';
import type { UpstreamRouter } from '../upstreams/router.js';
import type { Upstream, VendRequest } from '../upstreams/types.js';

export interface WorkerOptions {
  /** A purchase pending this long after its send is flagged "needs attention" (default 24 h). */
  attentionAfterMs: number;
  notFoundGraceMs: number;
  /** Multiplies the requery backoff (1 in production; tests and the crash run shorten it). */
  requeryScale?: number;
  now: () => number;
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  };
}

export function vendRequestOf(p: Purchase, sentAt: number | null = null): VendRequest {
  return {
    reference: p.internalReference,
    kind: p.kind,
    product: p.product,
    network: p.network,
    msisdn: p.msisdn,
    phone: p.phone,
    planId: p.planId,
    amountKobo: p.amountKobo,
    quantity: p.quantity,
    details: p.details,
    sentAt,
  };
}

/**
 * Runs the durable vend queue (DESIGN "Purchase lifecycle"): marks a job vend_started and
 * commits that before calling the upstream, so a crash can only lead to a requery; applies
 * the outcome table; requeries pending purchases with backoff; never sends a purchase twice.
 */
export class VendWorker {
  private readonly events = new EventEmitter();
  private readonly inFlight = new Set<number>();
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly batcher: CommitBatcher,
    private readonly router: UpstreamRouter,
    private readonly opts: WorkerOptions,
  ) {
    this.events.setMaxListeners(0);
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
    const requeried = recoverInterruptedJobs(this.db, this.opts.now());
    const queued = queuedJobs(this.db, 100_000);
    for (const j of queued) this.enqueue(j.purchaseId);
    if (requeried || queued.length)
      this.opts.log.info({ requeried, queued: queued.length }, 'recovered vend jobs after start');
    return { requeried, queued: queued.length };
  }

  /** Resolves when the purchase is final, or after timeoutMs with whatever it is then. */
  waitForFinal(purchaseId: number, timeoutMs: number): Promise<void> {
    const p = getPurchaseById(this.db, purchaseId);
    if (!p || p.state !== 'pending') return Promise.resolve();
    return this.whenFinal(purchaseId, timeoutMs);
  }

  /**
   * waitForFinal for a purchase known to be pending and not yet handed to enqueue: registered
   * before its vend starts, its outcome cannot be missed.
   */
  whenFinal(purchaseId: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off(`final:${purchaseId}`, done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.events.on(`final:${purchaseId}`, done);
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
      const due = duePolls(this.db, this.opts.now()).filter((j) => !seen.has(j.purchaseId));
      if (due.length === 0) break;
      for (const j of due) seen.add(j.purchaseId);
      await Promise.all(due.map((j) => this.requery(j.purchaseId)));
    }
    return seen.size;
  }

  /** Requery one purchase now (console "requery" button, poller). */
  requery(purchaseId: number): Promise<Purchase | null> {
    // Tracked like vends, so stop() waits for it before the database is closed.
    const work = this.requeryOnce(purchaseId);
    this.track(
      work.then(
        () => undefined,
        () => undefined,
      ),
    );
    return work;
  }

  private async requeryOnce(purchaseId: number): Promise<Purchase | null> {
    if (this.stopped || this.inFlight.has(purchaseId)) return getPurchaseById(this.db, purchaseId);
    const job = getJob(this.db, purchaseId);
    const p = getPurchaseById(this.db, purchaseId);
    if (!job || !p || p.state !== 'pending' || job.state === 'queued') return p;
    this.inFlight.add(purchaseId);
    try {
      const upstream = this.router.byName(p.environment, job.upstreamName);
      if (!upstream) {
        // Nobody can answer for it any more: it still has to reach an admin after the deadline.
        const checkedAt = this.opts.now();
        const flag = checkedAt - (job.vendStartedAt ?? 0) >= this.opts.attentionAfterMs;
        await this.batcher.submit(() => {
          schedulePoll(
            this.db,
            purchaseId,
            this.nextPollAt(job.pollCount),
            'upstream no longer configured',
            checkedAt,
          );
          if (flag) flagNeedsAttention(this.db, purchaseId);
        });
        return getPurchaseById(this.db, purchaseId);
      }
      const outcome = await safely(() => upstream.requery(vendRequestOf(p, job.vendStartedAt)));
      await this.apply(p, upstream, outcome, job.pollCount, job.vendStartedAt ?? 0, true);
    } finally {
      this.inFlight.delete(purchaseId);
    }
    return getPurchaseById(this.db, purchaseId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running]);
  }

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  private async vend(purchaseId: number, created?: Purchase): Promise<void> {
    if (this.stopped || this.inFlight.has(purchaseId)) return;
    this.inFlight.add(purchaseId);
    try {
      for (;;) {
        const job = created ? { state: 'queued', routeIndex: 0 } : getJob(this.db, purchaseId);
        const p = created ?? getPurchaseById(this.db, purchaseId);
        created = undefined; // a second route round reads the stored state
        if (!job || !p || job.state !== 'queued' || p.state !== 'pending') return;
        const candidates = this.router.candidates(p.environment, p.kind, p.product, p.network);
        const upstream = candidates
          .slice(job.routeIndex)
          .find((u) => p.environment === 'test' || this.router.breaker.allows(u.name));
        if (!upstream) {
          await this.batcher.submit(() =>
            settleFailed(this.db, purchaseId, 'No upstream available for this product', 'system'),
          );
          this.opts.log.warn(
            { ref: p.internalReference },
            'no upstream available; purchase failed and refunded',
          );
          return this.emitFinal(purchaseId);
        }
        const sentAt = this.opts.now();
        const markStarted = () => {
          const ok = markVendStarted(this.db, purchaseId, upstream.name, sentAt);
          if (ok) touchPurchase(this.db, purchaseId, { upstreamName: upstream.name });
          return ok;
        };
        let outcome: VendOutcome;
        if (upstream.inProcess) {
          // The in-process simulator has no effect outside this database, so it is asked first
          // and vend_started and its outcome are written by one operation of one commit.
          outcome = await safely(() => upstream.vend(vendRequestOf(p, sentAt)));
          if (outcome.kind !== 'not_accepted') {
            const settle = this.outcomeWrite(p, upstream, outcome, 0, sentAt, false);
            const started = await this.batcher.submit(() => {
              if (!markStarted()) return false;
              settle.write();
              return true;
            });
            if (started && settle.final) this.emitFinal(purchaseId);
            return;
          }
          if (!(await this.batcher.submit(markStarted)) || this.stopped) return;
        } else {
          // An external upstream is called only once vend_started is durable.
          if (!(await this.batcher.submit(markStarted)) || this.stopped) return;
          outcome = await safely(() => upstream.vend(vendRequestOf(p, sentAt)));
        }
        if (outcome.kind === 'not_accepted') {
          // A provider that answered and refused is up: only "not reached" counts toward its circuit.
          if (outcome.transport) this.router.breaker.recordTransportFailure(upstream.name);
          else this.router.breaker.recordSuccess(upstream.name);
          const nextIndex = candidates.indexOf(upstream) + 1;
          this.opts.log.warn(
            { ref: p.internalReference, upstream: upstream.name, reason: outcome.reason },
            'upstream did not accept the vend',
          );
          if (nextIndex < candidates.length) {
            await this.batcher.submit(() =>
              requeueForNextRoute(this.db, purchaseId, nextIndex, outcome.reason),
            );
            continue;
          }
          await this.batcher.submit(() => settleFailed(this.db, purchaseId, outcome.reason, 'system'));
          return this.emitFinal(purchaseId);
        }
        await this.apply(p, upstream, outcome, 0, sentAt, false);
        return;
      }
    } catch (error) {
      this.opts.log.error({ err: error, purchaseId }, 'vend job crashed; it stays recoverable');
      // A send may have happened: hand the job to the poller (requery, never re-send) rather
      // than leave it vend_started, which only a restart would pick up.
      await this.batcher
        .submit(
          () =>
            getJob(this.db, purchaseId)?.state === 'vend_started' &&
            schedulePoll(this.db, purchaseId, this.nextPollAt(0), 'vend job crashed'),
        )
        .catch(() => undefined);
    } finally {
      this.inFlight.delete(purchaseId);
    }
  }

  /** The outcome table, applied. Only success and a definitive failure settle money. */
  private async apply(
    p: Purchase,
    upstream: Upstream,
    outcome: VendOutcome,
    pollCount: number,
    sentAt: number,
    isRequery: boolean,
  ): Promise<void> {
    const settle = this.outcomeWrite(p, upstream, outcome, pollCount, sentAt, isRequery);
    await this.batcher.submit(settle.write);
    if (settle.final) this.emitFinal(p.id);
  }

  /** The outcome table: what to write for an outcome (run by the caller), and whether it is final. */
  private outcomeWrite(
    p: Purchase,
    upstream: Upstream,
    outcome: VendOutcome,
    pollCount: number,
    sentAt: number,
    isRequery: boolean,
  ): { write: () => void; final: boolean } {
    const id = p.id;
    switch (outcome.kind) {
      case 'success':
        this.router.breaker.recordSuccess(upstream.name);
        return {
          write: () =>
            settleSuccess(this.db, id, outcome.result, {
              name: upstream.name,
              reference: outcome.upstreamReference,
            }),
          final: true,
        };
      case 'failed':
        this.router.breaker.recordSuccess(upstream.name);
        return { write: () => settleFailed(this.db, id, outcome.reason, 'system'), final: true };
      case 'not_found':
        if (isRequery && notFoundIsFinal(sentAt, this.opts.now(), this.opts.notFoundGraceMs)) {
          return {
            write: () => settleFailed(this.db, id, 'The provider has no record of this purchase', 'system'),
            final: true,
          };
        }
        break;
      case 'unknown':
      case 'not_accepted':
        this.router.breaker.recordTransportFailure(upstream.name);
        break;
      case 'pending':
        this.router.breaker.recordSuccess(upstream.name);
        break;
    }
    const reason = 'reason' in outcome ? (outcome.reason ?? outcome.kind) : outcome.kind;
    const flag = this.opts.now() - sentAt >= this.opts.attentionAfterMs;
    const nextPollAt = this.nextPollAt(pollCount);
    const checkedAt = this.opts.now();
    return {
      write: () => {
        schedulePoll(this.db, id, nextPollAt, reason, checkedAt);
        if ('upstreamReference' in outcome && outcome.upstreamReference)
          touchPurchase(this.db, id, { upstreamReference: outcome.upstreamReference });
        if (flag) flagNeedsAttention(this.db, id);
      },
      final: false,
    };
  }

  private nextPollAt(pollCount: number): number {
    return this.opts.now() + Math.round(nextRequeryDelayMs(pollCount) * (this.opts.requeryScale ?? 1));
  }

  private emitFinal(purchaseId: number): void {
    this.events.emit(`final:${purchaseId}`);
  }

  /** Lets resolve (console/CLI) wake a sync waiter. */
  notifyFinal(purchaseId: number): void {
    this.emitFinal(purchaseId);
  }
}

/** An upstream implementation bug must not lose a purchase: treat it as an unknown outcome. */
async function safely(call: () => Promise<VendOutcome>): Promise<VendOutcome> {
  try {
    return await call();
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}
