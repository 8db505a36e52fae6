import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/services/login-throttle.js';

/** The sign-in throttle when NTP sets a point-of-sale PC's clock back (server/services/login-throttle.ts). */
const LIMITS = { perUser: 5, perIp: 50, windowMs: 15 * 60_000 };

describe('a clock set back while an agent is locked out', () => {
  it('keeps the lock for at most the window from the step, not the window plus the step', () => {
    let clock = Date.parse('2026-03-10T10:00:00.000Z');
    const throttle = new LoginThrottle(LIMITS, () => clock);
    for (let i = 0; i < 5; i++) expect(throttle.begin('127.0.0.1', 'desk1').allowed).toBe(true);
    const locked = throttle.begin('127.0.0.1', 'desk1');
    expect(locked).toEqual({ allowed: false, retryAfterMs: LIMITS.windowMs });
    clock -= 2 * 3_600_000; // NTP takes the clock back two hours
    const after = throttle.begin('127.0.0.1', 'desk1');
    expect(after.allowed).toBe(false);
    if (!after.allowed) expect(after.retryAfterMs).toBeLessThanOrEqual(LIMITS.windowMs);
    clock += LIMITS.windowMs;
    expect(throttle.begin('127.0.0.1', 'desk1').allowed).toBe(true);
  });
});
