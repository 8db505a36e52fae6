import type { Db } from '../store/db.js';
import type { CommitBatcher } from '../store/commit-batcher.js';
import { type Purchase } from '../store/purchases.js';
import type { UpstreamRouter } from '../upstreams/router.js';
import type { VendRequest } from '../upstreams/types.js';
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
export declare function vendRequestOf(p: Purchase, sentAt?: number | null): VendRequest;
/**
 * Runs the durable vend queue (DESIGN "Purchase lifecycle"): marks a job vend_started and
 * commits that before calling the upstream, so a crash can only lead to a requery; applies
 * the outcome table; requeries pending purchases with backoff; never sends a purchase twice.
 */
export declare class VendWorker {
    private readonly db;
    private readonly batcher;
    private readonly router;
    private readonly opts;
    private readonly events;
    private readonly inFlight;
    private stopped;
    private readonly running;
    constructor(db: Db, batcher: CommitBatcher, router: UpstreamRouter, opts: WorkerOptions);
    /** Called after a purchase's commit: vend it now, in the background. */
    enqueue(purchaseId: number): void;
    /** Start-up recovery: requery interrupted sends, vend what was queued. */
    recover(): {
        requeried: number;
        queued: number;
    };
    /** Resolves when the purchase is final, or after timeoutMs with whatever it is then. */
    waitForFinal(purchaseId: number, timeoutMs: number): Promise<void>;
    /**
     * Requeries every due pending purchase once (the poller calls this). Due jobs are read 200 at
     * a time until none is left, so a backlog after a restart (thousands of interrupted vends)
     * drains in one tick rather than 200 per tick; each purchase is asked at most once per call.
     */
    pollDue(maxRounds?: number): Promise<number>;
    /** Requery one purchase now (console "requery" button, poller). */
    requery(purchaseId: number): Promise<Purchase | null>;
    private requeryOnce;
    stop(): Promise<void>;
    private track;
    private vend;
    /** The outcome table, applied. Only success and a definitive failure settle money. */
    private apply;
    /** The outcome table: what to write for an outcome (run by the caller), and whether it is final. */
    private outcomeWrite;
    private nextPollAt;
    private emitFinal;
    /** Lets resolve (console/CLI) wake a sync waiter. */
    notifyFinal(purchaseId: number): void;
}
