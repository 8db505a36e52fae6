import { EventEmitter } from 'node:events';
import { getPurchaseById, settleFailed, settleSuccess, flagNeedsAttention, touchPurchase, } from '../store/purchases.js';
import { duePolls, getJob, markVendStarted, queuedJobs, recoverInterruptedJobs, requeueForNextRoute, schedulePoll, } from '../store/vend-jobs.js';
import { nextRequeryDelayMs, notFoundIsFinal } from '../domain/vend-outcome.js';
export function vendRequestOf(p, sentAt = null) {
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
    db;
    batcher;
    router;
    opts;
    events = new EventEmitter();
    inFlight = new Set();
    stopped = false;
    running = new Set();
    constructor(db, batcher, router, opts) {
        this.db = db;
        this.batcher = batcher;
        this.router = router;
        this.opts = opts;
        this.events.setMaxListeners(0);
    }
    /** Called after a purchase's commit: vend it now, in the background. */
    enqueue(purchaseId) {
        this.track(this.vend(purchaseId));
    }
    /** Start-up recovery: requery interrupted sends, vend what was queued. */
    recover() {
        const requeried = recoverInterruptedJobs(this.db, this.opts.now());
        const queued = queuedJobs(this.db, 100_000);
        for (const j of queued)
            this.enqueue(j.purchaseId);
        if (requeried || queued.length)
            this.opts.log.info({ requeried, queued: queued.length }, 'recovered vend jobs after start');
        return { requeried, queued: queued.length };
    }
    /** Resolves when the purchase is final, or after timeoutMs with whatever it is then. */
    waitForFinal(purchaseId, timeoutMs) {
        const p = getPurchaseById(this.db, purchaseId);
        if (!p || p.state !== 'pending')
            return Promise.resolve();
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
    async pollDue(maxRounds = 50) {
        const seen = new Set();
        for (let round = 0; round < maxRounds; round++) {
            const due = duePolls(this.db, this.opts.now()).filter((j) => !seen.has(j.purchaseId));
            if (due.length === 0)
                break;
            for (const j of due)
                seen.add(j.purchaseId);
            await Promise.all(due.map((j) => this.requery(j.purchaseId)));
        }
        return seen.size;
    }
    /** Requery one purchase now (console "requery" button, poller). */
    requery(purchaseId) {
        // Tracked like vends, so stop() waits for it before the database is closed.
        const work = this.requeryOnce(purchaseId);
        this.track(work.then(() => undefined, () => undefined));
        return work;
    }
    async requeryOnce(purchaseId) {
        if (this.stopped || this.inFlight.has(purchaseId))
            return getPurchaseById(this.db, purchaseId);
        const job = getJob(this.db, purchaseId);
        const p = getPurchaseById(this.db, purchaseId);
        if (!job || !p || p.state !== 'pending' || job.state === 'queued')
            return p;
        this.inFlight.add(purchaseId);
        try {
            const upstream = this.router.byName(p.environment, job.upstreamName);
            if (!upstream) {
                // Nobody can answer for it any more: it still has to reach an admin after the deadline.
                const flag = this.opts.now() - (job.vendStartedAt ?? 0) >= this.opts.attentionAfterMs;
                await this.batcher.submit(() => {
                    schedulePoll(this.db, purchaseId, this.nextPollAt(job.pollCount), 'upstream no longer configured');
                    if (flag)
                        flagNeedsAttention(this.db, purchaseId);
                });
                return getPurchaseById(this.db, purchaseId);
            }
            const outcome = await safely(() => upstream.requery(vendRequestOf(p, job.vendStartedAt)));
            await this.apply(p, upstream, outcome, job.pollCount, job.vendStartedAt ?? 0, true);
        }
        finally {
            this.inFlight.delete(purchaseId);
        }
        return getPurchaseById(this.db, purchaseId);
    }
    async stop() {
        this.stopped = true;
        await Promise.allSettled([...this.running]);
    }
    track(work) {
        this.running.add(work);
        void work.finally(() => this.running.delete(work));
    }
    async vend(purchaseId) {
        if (this.stopped || this.inFlight.has(purchaseId))
            return;
        this.inFlight.add(purchaseId);
        try {
            for (;;) {
                const job = getJob(this.db, purchaseId);
                const p = getPurchaseById(this.db, purchaseId);
                if (!job || !p || job.state !== 'queued' || p.state !== 'pending')
                    return;
                const candidates = this.router.candidates(p.environment, p.kind, p.product, p.network);
                const upstream = candidates
                    .slice(job.routeIndex)
                    .find((u) => p.environment === 'test' || this.router.breaker.allows(u.name));
                if (!upstream) {
                    await this.batcher.submit(() => settleFailed(this.db, purchaseId, 'No upstream available for this product', 'system'));
                    this.opts.log.warn({ ref: p.internalReference }, 'no upstream available; purchase failed and refunded');
                    return this.emitFinal(purchaseId);
                }
                const sentAt = this.opts.now();
                const markStarted = () => {
                    const ok = markVendStarted(this.db, purchaseId, upstream.name, sentAt);
                    if (ok)
                        touchPurchase(this.db, purchaseId, { upstreamName: upstream.name });
                    return ok;
                };
                let outcome;
                if (upstream.inProcess) {
                    // The in-process simulator has no effect outside this database, so it is asked first
                    // and vend_started and its outcome are written by one operation of one commit.
                    outcome = await safely(() => upstream.vend(vendRequestOf(p, sentAt)));
                    if (outcome.kind !== 'not_accepted') {
                        const settle = this.outcomeWrite(p, upstream, outcome, 0, sentAt, false);
                        const started = await this.batcher.submit(() => {
                            if (!markStarted())
                                return false;
                            settle.write();
                            return true;
                        });
                        if (started && settle.final)
                            this.emitFinal(purchaseId);
                        return;
                    }
                    if (!(await this.batcher.submit(markStarted)) || this.stopped)
                        return;
                }
                else {
                    // An external upstream is called only once vend_started is durable.
                    if (!(await this.batcher.submit(markStarted)) || this.stopped)
                        return;
                    outcome = await safely(() => upstream.vend(vendRequestOf(p, sentAt)));
                }
                if (outcome.kind === 'not_accepted') {
                    // A provider that answered and refused is up: only "not reached" counts toward its circuit.
                    if (outcome.transport)
                        this.router.breaker.recordTransportFailure(upstream.name);
                    else
                        this.router.breaker.recordSuccess(upstream.name);
                    const nextIndex = candidates.indexOf(upstream) + 1;
                    this.opts.log.warn({ ref: p.internalReference, upstream: upstream.name, reason: outcome.reason }, 'upstream did not accept the vend');
                    if (nextIndex < candidates.length) {
                        await this.batcher.submit(() => requeueForNextRoute(this.db, purchaseId, nextIndex, outcome.reason));
                        continue;
                    }
                    await this.batcher.submit(() => settleFailed(this.db, purchaseId, outcome.reason, 'system'));
                    return this.emitFinal(purchaseId);
                }
                await this.apply(p, upstream, outcome, 0, sentAt, false);
                return;
            }
        }
        catch (error) {
            this.opts.log.error({ err: error, purchaseId }, 'vend job crashed; it stays recoverable');
            // A send may have happened: hand the job to the poller (requery, never re-send) rather
            // than leave it vend_started, which only a restart would pick up.
            await this.batcher
                .submit(() => getJob(this.db, purchaseId)?.state === 'vend_started' &&
                schedulePoll(this.db, purchaseId, this.nextPollAt(0), 'vend job crashed'))
                .catch(() => undefined);
        }
        finally {
            this.inFlight.delete(purchaseId);
        }
    }
    /** The outcome table, applied. Only success and a definitive failure settle money. */
    async apply(p, upstream, outcome, pollCount, sentAt, isRequery) {
        const settle = this.outcomeWrite(p, upstream, outcome, pollCount, sentAt, isRequery);
        await this.batcher.submit(settle.write);
        if (settle.final)
            this.emitFinal(p.id);
    }
    /** The outcome table: what to write for an outcome (run by the caller), and whether it is final. */
    outcomeWrite(p, upstream, outcome, pollCount, sentAt, isRequery) {
        const id = p.id;
        switch (outcome.kind) {
            case 'success':
                this.router.breaker.recordSuccess(upstream.name);
                return {
                    write: () => settleSuccess(this.db, id, outcome.result, {
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
        return {
            write: () => {
                schedulePoll(this.db, id, nextPollAt, reason);
                if ('upstreamReference' in outcome && outcome.upstreamReference)
                    touchPurchase(this.db, id, { upstreamReference: outcome.upstreamReference });
                if (flag)
                    flagNeedsAttention(this.db, id);
            },
            final: false,
        };
    }
    nextPollAt(pollCount) {
        return this.opts.now() + Math.round(nextRequeryDelayMs(pollCount) * (this.opts.requeryScale ?? 1));
    }
    emitFinal(purchaseId) {
        this.events.emit(`final:${purchaseId}`);
    }
    /** Lets resolve (console/CLI) wake a sync waiter. */
    notifyFinal(purchaseId) {
        this.emitFinal(purchaseId);
    }
}
/** An upstream implementation bug must not lose a purchase: treat it as an unknown outcome. */
async function safely(call) {
    try {
        return await call();
    }
    catch (error) {
        return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    }
}
//# sourceMappingURL=vend-worker.js.map