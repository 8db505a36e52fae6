/**
 * Vends at a time per upstream unless `--max-in-flight` says otherwise. A provider answering in
 * 2 s needs about 1,000 vends in flight for 500 vends/s; each is one pooled socket and a small
 * record, and what waits beyond it is bounded by the waiting limit (sync) or stays queued on disk
 * (async).
 */
export const DEFAULT_MAX_IN_FLIGHT = 1024;

/**
 * At most `limit` vends at a time per upstream; the rest wait their turn in arrival order.
 * A waiting vend's job stays `queued` in the database, so a crash leaves at most `limit`
 * purchases per upstream marked started (and possibly unsent); the rest are simply vended
 * after the restart.
 */
export class InFlightLimit {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`in-flight limit must be ≥ 1, got ${limit}`);
  }

  /** Resolves once a slot for `name` is held; the caller must `release(name)` exactly once. */
  acquire(name: string): Promise<void> {
    const n = this.active.get(name) ?? 0;
    if (n < this.limit) {
      this.active.set(name, n + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(name) ?? [];
      queue.push(resolve);
      this.waiting.set(name, queue);
    });
  }

  release(name: string): void {
    const next = this.waiting.get(name)?.shift();
    // The slot passes straight to the next waiter, so the count is unchanged.
    if (next) return next();
    const n = (this.active.get(name) ?? 1) - 1;
    if (n > 0) this.active.set(name, n);
    else this.active.delete(name);
  }

  /** Vends holding a slot and vends waiting for one, for `name`. */
  usage(name: string): { active: number; waiting: number } {
    return { active: this.active.get(name) ?? 0, waiting: this.waiting.get(name)?.length ?? 0 };
  }
}
