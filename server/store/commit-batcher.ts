import type { Db } from './db.js';

interface Pending<T> {
  work: () => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: write operations arriving in the same turn of the event loop run in one
 * SQLite transaction (one fsync under synchronous=FULL), each inside its own savepoint so
 * one failure rolls back only itself. Every caller's promise settles after the commit,
 * so no response is sent for a write that is not yet durable.
 */
export class CommitBatcher {
  private queue: Pending<unknown>[] = [];
  private scheduled = false;
  /** Commits and operations per commit, for the benchmark and health endpoints. */
  readonly stats = { commits: 0, operations: 0 };

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 256,
  ) {}

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
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      try {
        this.db
          .transaction(() => {
            for (const item of batch) {
              try {
                outcomes.push({ ok: true, value: this.db.transaction(item.work)() });
              } catch (error) {
                outcomes.push({ ok: false, error });
              }
            }
          })
          .immediate();
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
