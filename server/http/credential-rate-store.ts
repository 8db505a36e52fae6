import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** Credentials (and console users) remembered at most: the plugin's own default. */
const KEYS_HELD = 5000;

interface Window {
  count: number;
  startMs: number;
}

/**
 * The per-credential counter behind @fastify/rate-limit: a fixed window per key, as the plugin's
 * own LocalStore keeps it, except that a window that began after "now" (the clock was set back
 * since) is over. The plugin's store counted on into such a window until the clock came back to
 * its start: after NTP set a point-of-sale PC's clock back two hours, each credential had one
 * window's allowance for two hours and then 429s asking it to retry hours later.
 *
 * Like LocalStore, the window is the one the plugin passes for the request (a route's own
 * `config.rateLimit.timeWindow` or the global one), and a route with limits of its own counts
 * in a store of its own (`child`).
 */
export function credentialRateStore(
  /** The window when the plugin passes none (its typings leave the argument out). */
  defaultWindowMs: number,
  now: () => number,
): FastifyRateLimitStoreCtor {
  return class CredentialRateStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, Window>();

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = defaultWindowMs,
    ): void {
      const t = now();
      let w = this.windows.get(key);
      if (w === undefined || t >= w.startMs + timeWindow || t < w.startMs) w = { count: 0, startMs: t };
      w.count++;
      // Re-inserted, so the Map's order is least recently used first.
      this.windows.delete(key);
      this.windows.set(key, w);
      if (this.windows.size > KEYS_HELD) this.windows.delete(this.windows.keys().next().value!);
      callback(null, { current: w.count, ttl: w.startMs + timeWindow - t });
    }

    /** A route with limits of its own: its own counters, as the plugin's LocalStore does. */
    child(): FastifyRateLimitStore {
      return new CredentialRateStore();
    }
  };
}
