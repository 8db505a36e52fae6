import type { Purchase } from '../store/purchases.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import type { VendJob } from '../store/vend-jobs.js';
import { outcomeOrUnknown, type VendOutcome } from '../domain/vend-outcome.js';
import type { DecisionSubject } from '../domain/purchase-decision.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import { fromAccountSentTo, vendRequestOf, type Upstream } from '../upstreams/types.js';
import type { VendDecisions } from './vend-decisions.js';

/**
 * Asks an upstream about a purchase already sent, never sending it again: a pending purchase's
 * requery (the poller, the console's "requery" button), a restored backup's sale asked at every
 * route, and a completed sale's re-check. VendWorker runs these and tracks them for its stop().
 */
export class VendRequery {
  constructor(
    private readonly store: PurchaseStore,
    private readonly router: UpstreamRouter,
    private readonly decisions: VendDecisions,
    /** The purchases a vend or a requery works on now, shared with the worker: one at a time each. */
    private readonly busy: Set<number>,
    private readonly isStopped: () => boolean,
  ) {}

  /** Requery one pending purchase that was sent; anything else is answered as it is stored. */
  async requeryOnce(purchaseId: number): Promise<Purchase | null> {
    if (this.isStopped() || this.busy.has(purchaseId)) return this.store.purchase(purchaseId);
    const job = this.store.job(purchaseId);
    const p = this.store.purchase(purchaseId);
    if (!job || !p || p.state !== 'pending' || job.state === 'queued') return p;
    this.busy.add(purchaseId);
    try {
      const subject = {
        state: p.state,
        sentAt: job.vendStartedAt ?? 0,
        pollCount: job.pollCount,
        requery: true,
        nextRoute: null,
      };
      if (job.askEveryRoute) {
        await this.askEveryRoute(p, job, subject);
        return this.store.purchase(purchaseId);
      }
      const upstream = this.router.byName(p.environment, job.upstreamName);
      // Nobody can answer for it any more: it is requeried later and still reaches an admin after the deadline.
      const outcome: VendOutcome = upstream
        ? await outcomeOrUnknown(() => upstream.requery(vendRequestOf(p, job.vendStartedAt)))
        : {
            kind: 'unknown',
            // A configuration problem, or the upstream was removed.
            reason:
              (job.upstreamName && this.router.unusableReason(job.upstreamName)) ||
              'upstream no longer configured',
          };
      if (upstream) this.decisions.recordHealth(upstream, outcome, true);
      await this.decisions.settle(
        p.id,
        this.decisions.decide(p.id, subject, fromAccountSentTo(outcome, job, upstream), [upstream]),
        job.upstreamName,
      );
    } finally {
      this.busy.delete(purchaseId);
    }
    return this.store.purchase(purchaseId);
  }

  /**
   * A sale taken over from a restored backup (jobs/restored-backup.ts): the node that ran on
   * after the backup may have sent it to any of its routes, so each is asked. The provider with
   * a record of it becomes its upstream and its answer decides, a success before a failure.
   * When every provider says it has none, it is held for an operator (Needs attention) and still
   * asked on the backoff, never refunded by this rule: it may have gone to a route since removed.
   */
  private async askEveryRoute(p: Purchase, job: VendJob, subject: DecisionSubject): Promise<void> {
    const routed = this.router.candidates(p.environment, p.kind, p.product, p.network).map((u) => u.name);
    const asked = [...new Set([job.upstreamName, ...routed])]
      .map((name) => this.router.byName(p.environment, name))
      .filter((u): u is Upstream => u !== null && !u.inProcess);
    const answers = await Promise.all(
      asked.map(async (upstream) => {
        const outcome = await outcomeOrUnknown(() => upstream.requery(vendRequestOf(p, job.vendStartedAt)));
        this.decisions.recordHealth(upstream, outcome, true);
        return { upstream, outcome };
      }),
    );
    const holder =
      answers.find((a) => a.outcome.kind === 'success') ??
      answers.find((a) => a.outcome.kind === 'failed' || a.outcome.kind === 'pending');
    if (holder) {
      await this.store.adoptRoute(p.id, holder.upstream.name);
      await this.decisions.settle(
        p.id,
        this.decisions.decide(p.id, subject, holder.outcome, [holder.upstream]),
        holder.upstream.name,
      );
      return;
    }
    const unclear = answers.find((a) => a.outcome.kind !== 'not_found');
    if (unclear || !this.decisions.noRecordIsFinal(p.id, subject.sentAt, asked)) {
      await this.decisions.settle(
        p.id,
        this.decisions.decide(p.id, subject, unclear?.outcome ?? { kind: 'not_found' }, asked),
        job.upstreamName,
      );
      return;
    }
    await this.decisions.settle(
      p.id,
      {
        action: 'requery_later',
        nextPollAt: this.decisions.nextPollAt(job.pollCount),
        reason: asked.length
          ? `Restored from a backup: none of its providers (${asked.map((u) => u.name).join(', ')}) has a record of it; it may have gone to one no longer routed. Ask the providers, then resolve it`
          : 'Restored from a backup: no provider is routed for it now; ask the providers, then resolve it',
        needsAttention: true,
        acknowledged: false,
      },
      job.upstreamName,
    );
  }

  /**
   * A completed sale re-checked at its upstream (an admin's "re-check status"): the upstream's
   * answer to come, or null when nobody can answer. The answer only, never a settle, since the
   * outcome table is for pending purchases; a reversal the answer calls for is the caller's.
   */
  recheckCompleted(purchaseId: number): Promise<VendOutcome> | null {
    const p = this.store.purchase(purchaseId);
    if (!p || p.state !== 'success') return null;
    const job = this.store.job(purchaseId);
    const upstream = this.router.byName(p.environment, p.upstreamName ?? job?.upstreamName ?? null);
    if (!upstream) return null;
    return outcomeOrUnknown(() => upstream.requery(vendRequestOf(p, job?.vendStartedAt ?? null)));
  }
}
