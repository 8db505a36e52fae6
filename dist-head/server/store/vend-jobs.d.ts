import type { Db } from './db.js';
export type JobState = 'queued' | 'vend_started' | 'polling' | 'done';
export interface VendJob {
    purchaseId: number;
    state: JobState;
    upstreamName: string | null;
    routeIndex: number;
    vendStartedAt: number | null;
    pollCount: number;
    nextPollAt: number | null;
    lastError: string | null;
}
export declare function getJob(db: Db, purchaseId: number): VendJob | null;
/**
 * The at-most-once gate: queued -> vend_started, recorded (and committed) before the
 * upstream is called. Returns false when the job was not queued any more.
 */
export declare function markVendStarted(db: Db, purchaseId: number, upstreamName: string, nowMs: number): boolean;
/** Outcome unknown or pending: requery later, never re-send. */
export declare function schedulePoll(db: Db, purchaseId: number, nextPollAt: number, error: string | null): void;
/** The upstream refused before accepting the vend: the next route may be tried. */
export declare function requeueForNextRoute(db: Db, purchaseId: number, routeIndex: number, error: string): void;
export declare function queuedJobs(db: Db, limit?: number): VendJob[];
export declare function duePolls(db: Db, nowMs: number, limit?: number): VendJob[];
/**
 * Start-up recovery: a job left vend_started by a crash may have reached the upstream, so
 * it is requeried at once, never re-vended. Queued jobs are simply picked up again.
 */
export declare function recoverInterruptedJobs(db: Db, nowMs: number): number;
export declare function pendingJobCounts(db: Db): Record<JobState, number>;
