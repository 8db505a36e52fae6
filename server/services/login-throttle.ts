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

  /**
   * `unlockedAt` says when an operator last unlocked a username (a store read): it is asked only
   * when a sign-in is about to be refused, so an ordinary sign-in costs nothing more.
   */
  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
    private readonly unlockedAt: (username: string) => number | null = () => null,
  ) {}

  /** Counts an attempt now, or says how long to wait when either key is at its limit. */
  begin(address: string, username: string): AttemptDecision {
    // An IPv6 client counts for its /64: it cannot dodge the limits by rotating addresses.
    const ip = clientBucket(address);
    const now = this.now();
    // Usernames are at most 32 characters; the key never holds more than that, whatever was sent.
    const name = username.trim().toLowerCase().slice(0, 64);
    const userKey = `u:${ip}|${name}`;
    const ipKey = `ip:${ip}`;
    const user = this.recent(userKey, now);
    const all = this.recent(ipKey, now);
    let wait = this.waitFor(user, all, now);
    if (wait > 0) {
      // An operator may have unlocked this username since (`user unlock`, a password reset, from
      // any process): failures counted before that no longer count for it, from any address.
      const since = this.unlockedAt(name);
      if (since !== null) {
        user.splice(0, countUpTo(user, since));
        wait = this.waitFor(user, all.slice(countUpTo(all, since)), now);
      }
    }
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    if (this.failures.size > SWEEP_AT) this.sweep(now);
    user.push(now);
    all.push(now);
    this.failures.set(userKey, user);
    this.failures.set(ipKey, all);
    return { allowed: true, attempt: { userKey, ipKey, at: now } };
  }

  /** How long until both keys are under their limits: until the failure that holds each there leaves the window. */
  private waitFor(user: number[], all: number[], now: number): number {
    const until = (list: number[], limit: number) =>
      list.length >= limit ? list[list.length - limit] + this.limits.windowMs - now : 0;
    return Math.max(until(user, this.limits.perUser), until(all, this.limits.perIp));
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
    // Failures stamped after now were counted before the clock was set back (NTP correcting a
    // PC's clock): they count as made now, so a lock lasts at most the window from here and not
    // the window plus the step (two hours back held a desk locked out for 2 h 15 min).
    for (let i = list.length - 1; i >= 0 && list[i] > now; i--) list[i] = now;
    return list;
  }

  private sweep(now: number): void {
    const from = now - this.limits.windowMs;
    for (const [key, list] of this.failures)
      if (!list.length || list[list.length - 1] <= from) this.failures.delete(key);
  }
}

/** How many of the (ascending) failure times are at or before `at`. */
function countUpTo(times: number[], at: number): number {
  let n = 0;
  while (n < times.length && times[n] <= at) n++;
  return n;
}
