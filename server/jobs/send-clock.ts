/** Sends remembered at once; past this the oldest is forgotten (it falls back to the rule below). */
export const SEND_CLOCK_CAP = 50_000;

/**
 * How long a provider has surely had a sale, for the not-found grace: a "no record" answer is
 * final only once the provider had that long to record the sale, and a clock step is no time it
 * had. The wall clock cannot say this on its own: a jump forward (NTP correcting a clock that
 * was behind) reads as time passed, and the clock watch (schedules.ts) sees a jump only on its
 * next tick, up to two seconds late, and not at all when it happened while the node was stopped.
 *
 * A send made by this process is timed by the monotonic clock, which no step moves. A send made
 * before this process started (recovered after a restart, or forgotten past the cap) counts at
 * most the time since the start: whatever the wall clock says, the provider had at least that.
 * So after a start, a pre-start sale's "no record" waits for the grace to pass once more, which
 * delays a refund by at most the grace, the safe way.
 */
export class SendClock {
  /** Purchase id → monotonic time of its send, oldest first (a Map keeps insertion order). */
  private readonly sends = new Map<number, number>();
  private readonly startedAt: number;

  constructor(
    /** performance.now in production; a test whose wall clock is faked passes its own. */
    private readonly monotonic: () => number,
    private readonly cap = SEND_CLOCK_CAP,
  ) {
    this.startedAt = monotonic();
  }

  /** The sale was sent now (its vend_started commit is durable). */
  sent(purchaseId: number): void {
    this.sends.delete(purchaseId);
    if (this.sends.size >= this.cap) {
      const oldest = this.sends.keys().next();
      if (!oldest.done) this.sends.delete(oldest.value);
    }
    this.sends.set(purchaseId, this.monotonic());
  }

  /** The sale is final: its grace no longer matters. */
  settled(purchaseId: number): void {
    this.sends.delete(purchaseId);
  }

  /** Milliseconds the provider has surely had the sale sent at wall time `sentAt`, seen at `now`. */
  sinceSend(purchaseId: number, sentAt: number, now: number): number {
    const sentMono = this.sends.get(purchaseId);
    if (sentMono !== undefined) return this.monotonic() - sentMono;
    return Math.min(now - sentAt, this.monotonic() - this.startedAt);
  }

  /** Sends remembered now (tests; bounded by the cap). */
  get size(): number {
    return this.sends.size;
  }
}
