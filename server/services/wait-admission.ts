import { Overloaded } from '../domain/errors.js';

/** Requests a node holds open waiting for a vend's outcome unless `--max-waiting` says otherwise. */
export const DEFAULT_MAX_WAITING = 2048;

/**
 * Admission control for purchases that wait for their upstream (sync routes, bills, orders):
 * each holds a socket, a waiter and a vend until the provider answers, so a slow provider under
 * many clients would otherwise pile them up until the node runs out of memory. Beyond `limit`
 * such purchases at once, a new one is refused before anything is stored or charged (503 with
 * Retry-After), and its key stays unused for the retry.
 */
export class WaitAdmission {
  private held = 0;

  constructor(
    readonly limit: number,
    /** The wait the refused caller is told; about one slow answer. */
    readonly retryAfterMs = 1_000,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`waiting limit must be ≥ 1, got ${limit}`);
  }

  /** Takes a place or throws Overloaded; the caller must `leave()` exactly once after a successful enter. */
  enter(): void {
    if (this.held >= this.limit)
      throw new Overloaded(
        `The node is busy: ${this.limit} purchases are already waiting for their provider; nothing was charged, retry after the Retry-After delay`,
        this.retryAfterMs,
      );
    this.held++;
  }

  leave(): void {
    this.held--;
  }

  /** Purchases waiting now. */
  get waiting(): number {
    return this.held;
  }
}
