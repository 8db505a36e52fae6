import type { Db } from './db.js';

interface Pending<T> {
  work: () => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: write operations arriving in the same turn of the event loop run in one
 * SQLite transaction (one fsync under synchronous=FULL), each inside its own savepoint so
 * one failure rolls back only itself. Every caller's promise settles after the commit,
 * so no response is sent for a write that is not yet durable.
 */
export class CommitBatcher {
  private queue: Pending<unknown>[] = [];
  private scheduled = false;
  /** Commits and operations per commit: the node's stop line logs them, tests read them. */
  readonly stats = { commits: 0, operations: 0 };
  // Built once: better-sqlite3 wraps every transaction function in five variants, which
  // costs more than the savepoint itself when done per operation.
  private readonly inSavepoint: (work: () => unknown) => unknown;
  private readonly commitBatch: (batch: Pending<unknown>[]) => Outcome[];

  constructor(
    db: Db,
    private readonly maxBatch = 256,
  ) {
    this.inSavepoint = db.transaction((work: () => unknown) => work());
    this.commitBatch = db.transaction((batch: Pending<unknown>[]): Outcome[] => {
      // One operation alone needs no savepoint: its error escapes and rolls back the whole
      // transaction, and flush() rejects it.
      if (batch.length === 1) return [{ ok: true, value: batch[0].work() }];
      return batch.map((item): Outcome => {
        try {
          return { ok: true, value: this.inSavepoint(item.work) };
        } catch (error) {
          return { ok: false, error };
        }
      });
    }).immediate;
  }

  submit<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve, reject } as Pending<unknown>);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      let outcomes: Outcome[];
      try {
        outcomes = this.commitBatch(batch);
      } catch (error) {
        for (const item of batch) item.reject(error);
        continue;
      }
      this.stats.commits += 1;
      this.stats.operations += batch.length;
      batch.forEach((item, i) => {
        const o = outcomes[i];
        if (o.ok) item.resolve(o.value);
        else item.reject(o.error);
      });
    }
  }
}
