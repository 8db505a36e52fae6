import { clientBucket } from '../domain/client-bucket.js';

/** What a failed authentication costs in the per-IP bucket, against 1 for any request. */
export const FAILED_AUTH_COST = 10;
/** Past this many tracked addresses, buckets that have refilled are swept. */
const SWEEP_AT = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client IP (an IPv6 client's per /64, see clientBucket) that runs before authentication, so a client sending made-up
 * keys or wrong secrets is counted too. It refills at the per-minute limit; each request takes
 * one token and a failed authentication takes FAILED_AUTH_COST more. Per request this is one Map
 * lookup and some arithmetic: it sits on the hot path of every status lookup.
 */
export class IpRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one token; answers 0 when the request may go on, else the milliseconds to wait. */
  take(ip: string): number {
    const b = this.refilled(ip);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / this.perMs);
  }

  /** A failed authentication: the extra cost is taken even when it empties the bucket. */
  penalise(ip: string): void {
    const b = this.refilled(ip);
    b.tokens = Math.max(0, b.tokens - (FAILED_AUTH_COST - 1));
  }

  private refilled(address: string): Bucket {
    const ip = clientBucket(address);
    const now = this.now();
    const b = this.buckets.get(ip);
    if (b !== undefined) {
      // A clock set back (tests skew it; so does NTP correcting a PC's clock) must neither drain
      // the bucket nor stop its refill until the clock is back at the old time: it refills from
      // the new time on.
      if (now > b.at) b.tokens = Math.min(this.perMinute, b.tokens + (now - b.at) * this.perMs);
      b.at = now;
      return b;
    }
    if (this.buckets.size >= SWEEP_AT) this.sweep(now);
    const fresh = { tokens: this.perMinute, at: now };
    this.buckets.set(ip, fresh);
    return fresh;
  }

  private sweep(now: number): void {
    for (const [ip, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.perMinute) this.buckets.delete(ip);
    }
    // Still full means many addresses at once: forget the oldest half rather than sweep per request.
    if (this.buckets.size >= SWEEP_AT / 2) {
      let drop = this.buckets.size - SWEEP_AT / 2;
      for (const ip of this.buckets.keys()) {
        if (drop-- <= 0) break;
        this.buckets.delete(ip);
      }
    }
  }
}
