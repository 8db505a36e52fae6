import type { Db } from './db.js';
/**
 * Group commit: write operations arriving in the same turn of the event loop run in one
 * SQLite transaction (one fsync under synchronous=FULL), each inside its own savepoint so
 * one failure rolls back only itself. Every caller's promise settles after the commit,
 * so no response is sent for a write that is not yet durable.
 */
export declare class CommitBatcher {
    private readonly db;
    private readonly maxBatch;
    private queue;
    private scheduled;
    /** Commits and operations per commit, for the benchmark and health endpoints. */
    readonly stats: {
        commits: number;
        operations: number;
    };
    private readonly inSavepoint;
    private readonly commitBatch;
    constructor(db: Db, maxBatch?: number);
    submit<T>(work: () => T): Promise<T>;
    private flush;
}
