import type { EventEmitter } from 'node:events';
import type { PurchaseStore } from '../store/purchase-store.js';
import { nextRequeryDelayMs, notFoundIsFinal, type VendOutcome } from '../domain/vend-outcome.js';
import { SendClock } from './send-clock.js';
import { breakerSignal, decide, type Decision, type DecisionSubject } from '../domain/purchase-decision.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import type { Upstream } from '../upstreams/types.js';

/** The worker's timing rules (WorkerOptions carries them). */
export interface DecisionOptions {
  /** A purchase pending this long after its send is flagged "needs attention" (default 24 h). */
  attentionAfterMs: number;
  notFoundGraceMs: number;
  /** Multiplies the requery backoff (1 in production; tests and the crash run shorten it). */
  requeryScale?: number;
  now: () => number;
  /**
   * The clock no step moves, for the not-found grace (send-clock.ts): performance.now unless
   * given. A node whose `now` is faked for a test passes it here too (node.ts), so that skew
   * counts as time passed.
   */
  monotonic?: () => number;
}

/**
 * Turns an upstream's answer into a decision of the outcome table (domain/purchase-decision.ts),
 * has the store write it and tells whoever waits: shared by the first send (vend-worker.ts) and
 * the requeries (vend-requery.ts), so both decide by the same clock and graces.
 */
export class VendDecisions {
  /** How long each provider has surely had its sale: the not-found grace counts this. */
  readonly sends: SendClock;

  constructor(
    private readonly store: PurchaseStore,
    private readonly router: UpstreamRouter,
    /** The worker's: `final:<id>` and `answered:<id>` wake its whenAnswered waiters. */
    private readonly events: EventEmitter,
    private readonly opts: DecisionOptions,
  ) {
    this.sends = new SendClock(opts.monotonic ?? (() => performance.now()));
  }

  /**
   * The answering upstreams' grace decides their "no record" (a provider may record late); else
   * the node's.
   */
  decide(
    purchaseId: number,
    subject: DecisionSubject,
    outcome: VendOutcome,
    answering: (Upstream | null)[],
  ): Decision {
    const now = this.opts.now();
    const sinceSendMs = this.sends.sinceSend(purchaseId, subject.sentAt, now);
    return decide(Object.assign({}, subject, { sinceSendMs }), outcome, now, {
      attentionAfterMs: this.opts.attentionAfterMs,
      notFoundGraceMs: this.graceOf(answering),
      requeryScale: this.opts.requeryScale ?? 1,
    });
  }

  /** Whether a "no record" from every one of `asked` is final by now (their grace has passed). */
  noRecordIsFinal(purchaseId: number, sentAt: number, asked: Upstream[]): boolean {
    return notFoundIsFinal(this.sends.sinceSend(purchaseId, sentAt, this.opts.now()), this.graceOf(asked));
  }

  /** The store writes the decision (one commit); then whoever waits hears of it. */
  async settle(purchaseId: number, decision: Decision, upstreamName: string | null): Promise<void> {
    await this.store.apply(purchaseId, decision, upstreamName, this.opts.now());
    this.announce(purchaseId, decision);
  }

  announce(purchaseId: number, decision: Decision): void {
    if (decision.action === 'succeed' || decision.action === 'fail' || decision.action === 'none')
      this.sends.settled(purchaseId);
    if (decision.action === 'succeed' || decision.action === 'fail') this.events.emit(`final:${purchaseId}`);
    else if (decision.action === 'requery_later') this.events.emit(`answered:${purchaseId}`);
  }

  /** Circuit-breaker bookkeeping, kept apart from the money decision. */
  recordHealth(upstream: Upstream, outcome: VendOutcome, requery: boolean): void {
    const signal = breakerSignal(outcome, requery);
    if (signal === 'up') this.router.breaker.recordSuccess(upstream.name);
    else if (signal === 'down') this.router.breaker.recordTransportFailure(upstream.name);
  }

  nextPollAt(pollCount: number): number {
    return this.opts.now() + Math.round(nextRequeryDelayMs(pollCount) * (this.opts.requeryScale ?? 1));
  }

  /**
   * The longest not-found grace of these upstreams (scaled like the node's own), at least the
   * node's. On every vend's decision: a loop, no arrays made.
   */
  private graceOf(upstreams: (Upstream | null)[]): number {
    let grace = this.opts.notFoundGraceMs;
    for (const u of upstreams)
      if (u?.notFoundGraceMs !== undefined)
        grace = Math.max(grace, Math.round(u.notFoundGraceMs * (this.opts.requeryScale ?? 1)));
    return grace;
  }
}
