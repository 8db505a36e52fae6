import { clientBucket } from '../domain/client-bucket.js';

/** How many failed sign-ins a window tolerates. */
export interface ThrottleLimits {
  /** Failures of one username from one client IP: a person mistyping, or a guesser aiming at one account. */
  perUser: number;
  /** Failures from one client IP across all usernames: the ceiling against password spraying. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perUser: 5, perIp: 50, windowMs: 15 * 60_000 };

/** An attempt counted before its password was checked; handed back on success to undo it. */
export interface Attempt {
  userKey: string;
  ipKey: string;
  at: number;
}

export type AttemptDecision = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterMs: number };

/** Past this many tracked keys, expired ones are swept so spraying cannot grow memory without end. */
const SWEEP_AT = 10_000;

/**
 * Failed sign-ins in a sliding window, keyed on (client IP, username) with a much higher ceiling
 * per client IP. On a desk where every agent is 127.0.0.1, one agent's typos lock only that
 * agent; a client trying many usernames still meets the per-IP ceiling. Each attempt is counted
 * before the password hash is awaited (and undone on success), so parallel guesses cannot all slip
 * through while the first ones are still hashing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt now, or says how long to wait when either key is at its limit. */
  begin(address: string, username: string): AttemptDecision {
    // An IPv6 client counts for its /64: it cannot dodge the limits by rotating addresses.
    const ip = clientBucket(address);
    const now = this.now();
    // Usernames are at most 32 characters; the key never holds more than that, whatever was sent.
    const userKey = `u:${ip}|${username.trim().toLowerCase().slice(0, 64)}`;
    const ipKey = `ip:${ip}`;
    const user = this.recent(userKey, now);
    const all = this.recent(ipKey, now);
    let wait = 0;
    if (user.length >= this.limits.perUser) wait = user[0] + this.limits.windowMs - now;
    if (all.length >= this.limits.perIp) wait = Math.max(wait, all[0] + this.limits.windowMs - now);
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    if (this.failures.size > SWEEP_AT) this.sweep(now);
    user.push(now);
    all.push(now);
    this.failures.set(userKey, user);
    this.failures.set(ipKey, all);
    return { allowed: true, attempt: { userKey, ipKey, at: now } };
  }

  /**
   * The password was right: the username's failures from this IP are forgotten and this attempt
   * no longer counts against the IP (earlier failures from the IP stay: one IP, many guesses).
   */
  succeeded(attempt: Attempt): void {
    this.failures.delete(attempt.userKey);
    const all = this.failures.get(attempt.ipKey);
    const i = all ? all.lastIndexOf(attempt.at) : -1;
    if (all && i >= 0) {
      all.splice(i, 1);
      if (!all.length) this.failures.delete(attempt.ipKey);
    }
  }

  private recent(key: string, now: number): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const from = now - this.limits.windowMs;
    let drop = 0;
    while (drop < list.length && list[drop] <= from) drop++;
    if (drop) list.splice(0, drop);
    return list;
  }

  private sweep(now: number): void {
    const from = now - this.limits.windowMs;
    for (const [key, list] of this.failures)
      if (!list.length || list[list.length - 1] <= from) this.failures.delete(key);
  }
}
