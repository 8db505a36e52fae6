import type { Db } from './db.js';
import type { CommitBatcher } from './commit-batcher.js';
import type { Decision } from '../domain/purchase-decision.js';
import { Conflict } from '../domain/errors.js';
import { assertStillPending, parseOperatorReason } from '../domain/operator-rules.js';
import { getPurchaseById, type NewPurchase, type Purchase } from './purchases.js';
import { createPurchase } from './purchase-create.js';
import {
  flagNeedsAttention,
  reverseCompletedSale,
  settleFailed,
  settleSuccess,
  touchPurchase,
  type ReversalSource,
} from './purchase-settle.js';
import {
  adoptRoute,
  duePolls,
  getJob,
  markVendStarted,
  queuedJobs,
  recoverInterruptedJobs,
  requeueForNextRoute,
  schedulePoll,
  movePollsBack,
  moveSendTimesBack,
  moveSendTimesForward,
  type VendJob,
} from './vend-jobs.js';
import { recordAudit } from './audit.js';
import { assertProviderAnswered } from './resolve.js';

/**
 * Writes a decision of the outcome table, inside the caller's transaction. Only `succeed` and
 * `fail` touch money; the others move the vend job.
 */
export function applyDecision(
  db: Db,
  purchaseId: number,
  decision: Decision,
  upstreamName: string | null,
  checkedAt: number | null = null,
  jobFinished = false,
): void {
  switch (decision.action) {
    case 'succeed':
      if (
        !settleSuccess(
          db,
          purchaseId,
          decision.result,
          { name: upstreamName, reference: decision.upstreamReference },
          jobFinished,
        )
      )
        noteLateAnswer(db, purchaseId, 'success', upstreamName, decision.upstreamReference ?? null);
      return;
    case 'fail':
      if (
        !settleFailed(
          db,
          purchaseId,
          { reason: decision.reason, publicReason: decision.publicReason },
          'system',
          jobFinished,
        )
      )
        noteLateAnswer(db, purchaseId, 'failed', upstreamName, null);
      return;
    case 'try_next_route':
      requeueForNextRoute(db, purchaseId, decision.routeIndex, decision.reason);
      return;
    case 'requery_later':
      schedulePoll(db, purchaseId, decision.nextPollAt, decision.reason, checkedAt, decision.acknowledged);
      if (decision.upstreamReference)
        touchPurchase(db, purchaseId, { upstreamReference: decision.upstreamReference });
      if (decision.needsAttention) flagNeedsAttention(db, purchaseId);
      return;
    case 'none':
      return;
  }
}

/**
 * The provider gave a final answer for a purchase already settled another way (an operator
 * resolved it by hand from the CLI, another process, while a requery was on the wire: a send
 * still waiting for its answer cannot be resolved, see resolve.ts, nor can the console resolve
 * one the node is asking about, see services/attention.ts). The money follows the
 * settled state, so an answer that contradicts it is kept in the audit log (`purchase.late_answer`)
 * for the operator, and the daily reconciliation lists the sale; an agreeing one is not noise.
 */
function noteLateAnswer(
  db: Db,
  purchaseId: number,
  provider: 'success' | 'failed',
  upstreamName: string | null,
  upstreamReference: string | null,
): void {
  const p = getPurchaseById(db, purchaseId);
  if (!p || p.state === 'pending' || p.state === provider) return;
  if (provider === 'failed' && p.state === 'reversed') return; // its money is back already
  recordAudit(db, 'system', 'purchase.late_answer', p.internalReference, {
    state: p.state,
    provider_says: provider,
    upstream: upstreamName,
    upstream_reference: upstreamReference,
  });
}

/**
 * The purchase lifecycle's writes, each one group-committed operation: callers (services,
 * the worker, console routes) say what happened and this class decides where a transaction
 * begins and ends. Every promise settles after the commit, so nothing is answered before it
 * is durable.
 */
export class PurchaseStore {
  constructor(
    readonly db: Db,
    private readonly batcher: CommitBatcher,
    /** The node's clock (Services.now): an agent's daily limit is checked on its business day. */
    private readonly now: () => number = Date.now,
  ) {}

  /** Commits and operations per commit, for the benchmark and the stop log. */
  get stats(): { commits: number; operations: number } {
    return this.batcher.stats;
  }

  /** Stores a purchase, debits its wallet and queues its vend: one operation. */
  place(input: NewPurchase): Promise<Purchase> {
    return this.batcher.submit(() => createPurchase(this.db, input, this.now));
  }

  purchase(id: number): Purchase | null {
    return getPurchaseById(this.db, id);
  }

  job(purchaseId: number): VendJob | null {
    return getJob(this.db, purchaseId);
  }

  /** A restored sale found at one of its routes: that route is its upstream from now on (one commit). */
  adoptRoute(purchaseId: number, upstreamName: string): Promise<void> {
    return this.batcher.submit(() => {
      adoptRoute(this.db, purchaseId, upstreamName);
      touchPurchase(this.db, purchaseId, { upstreamName });
    });
  }

  queuedJobs(limit: number): VendJob[] {
    return queuedJobs(this.db, limit);
  }

  duePolls(now: number): VendJob[] {
    return duePolls(this.db, now);
  }

  /** Start-up: sends a crash interrupted are requeried, never re-sent. */
  recoverInterrupted(now: number): number {
    return recoverInterruptedJobs(this.db, now);
  }

  /**
   * The at-most-once gate, committed before the upstream is called. With `decision` (the
   * in-process simulator, which was asked first) the gate and the outcome are one commit.
   * False when the job was no longer queued: nothing was written.
   */
  markSent(
    purchaseId: number,
    upstream: { name: string; account?: string },
    sentAt: number,
    decision?: Decision,
  ): Promise<boolean> {
    const final = decision?.action === 'succeed' || decision?.action === 'fail';
    const upstreamName = upstream.name;
    return this.batcher.submit(() => {
      const then = final ? 'done' : 'vend_started';
      if (!markVendStarted(this.db, purchaseId, upstreamName, sentAt, then, upstream.account ?? null))
        return false;
      // A success stores the upstream's name with its outcome, in the same row update.
      if (decision?.action !== 'succeed') touchPurchase(this.db, purchaseId, { upstreamName });
      if (decision) applyDecision(this.db, purchaseId, decision, upstreamName, sentAt, final);
      return true;
    });
  }

  /** `checkedAt`: when the provider was asked (shown to the agent on a pending sale). */
  apply(
    purchaseId: number,
    decision: Decision,
    upstreamName: string | null,
    checkedAt: number | null = null,
  ): Promise<void> {
    return this.batcher.submit(() => applyDecision(this.db, purchaseId, decision, upstreamName, checkedAt));
  }

  /** The clock was set back `backMs`: waiting requeries move back as far (vend-jobs.ts). */
  movePollsBack(nowMs: number, backMs: number): Promise<number> {
    return this.batcher.submit(() => movePollsBack(this.db, nowMs, backMs));
  }

  /** The clock was set back `backMs`: sends stamped by the old clock move back as far (vend-jobs.ts). */
  moveSendTimesBack(nowMs: number, backMs: number): Promise<number> {
    return this.batcher.submit(() => moveSendTimesBack(this.db, nowMs, backMs));
  }

  /** The clock jumped `forwardMs`: earlier sends move forward as far (vend-jobs.ts). */
  moveSendTimesForward(nowMs: number, forwardMs: number): Promise<number> {
    return this.batcher.submit(() => moveSendTimesForward(this.db, nowMs, forwardMs));
  }

  /**
   * A vend job crashed after its send may have happened: requery it (never re-send) instead of
   * leaving it vend_started, which only a restart would pick up. True when it was handed over.
   */
  requeryAfterCrash(purchaseId: number, nextPollAt: number, reason: string): Promise<boolean> {
    return this.batcher.submit(() => {
      if (getJob(this.db, purchaseId)?.state !== 'vend_started') return false;
      schedulePoll(this.db, purchaseId, nextPollAt, reason);
      return true;
    });
  }

  /**
   * An admin flags a pending purchase before its deadline; the flag and its audit entry are one
   * commit. A settled purchase or a missing reason is refused before anything is queued.
   */
  flagByOperator(purchase: Purchase, actor: string, reasonText: string): Promise<void> {
    assertStillPending(purchase);
    const reason = parseOperatorReason(reasonText);
    return this.batcher.submit(() => {
      assertProviderAnswered(this.db, purchase);
      // Settled since the console read it: nothing to flag, and nothing is audited as flagged.
      if (!flagNeedsAttention(this.db, purchase.id))
        throw new Conflict(
          `purchase ${purchase.internalReference} is no longer pending: it was settled meanwhile`,
        );
      recordAudit(this.db, actor, 'purchase.flag', purchase.internalReference, { reason });
    });
  }

  /**
   * success -> reversed with the 'reversal' credit of the debit, its audit entry and its
   * `transaction.reversed` event: one commit. Null when the purchase was not (or no longer) a
   * completed sale: nothing was written.
   */
  reverse(
    purchaseId: number,
    input: { reason: string; actor: string; source: ReversalSource },
  ): Promise<Purchase | null> {
    return this.batcher.submit(() => reverseCompletedSale(this.db, purchaseId, input));
  }

  /** An admin's requery, audited with the state it found. */
  auditRequery(purchase: Purchase, actor: string): Promise<void> {
    return this.batcher.submit(() =>
      recordAudit(this.db, actor, 'purchase.requery', purchase.internalReference, { state: purchase.state }),
    );
  }
}
