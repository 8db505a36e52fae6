import { describe, expect, it } from 'vitest';
import { FAILED_AUTH_COST, IpRateLimiter } from '../../server/http/ip-rate-limit.js';

describe('the per-IP bucket before authentication', () => {
  it('allows the per-minute limit at once, then asks to wait until a token is back', () => {
    let now = 1_000_000;
    const limiter = new IpRateLimiter(60, () => now);
    for (let i = 0; i < 60; i++) expect(limiter.take('198.51.100.1')).toBe(0);
    expect(limiter.take('198.51.100.1')).toBe(1000);
    expect(limiter.take('198.51.100.2')).toBe(0);
    now += 1000;
    expect(limiter.take('198.51.100.1')).toBe(0);
  });

  it('a failed authentication costs FAILED_AUTH_COST in all', () => {
    const limiter = new IpRateLimiter(100, () => 0);
    let allowed = 0;
    while (limiter.take('203.0.113.5') === 0) {
      allowed++;
      limiter.penalise('203.0.113.5');
    }
    expect(allowed).toBe(100 / FAILED_AUTH_COST);
  });

  it('a clock set back does not drain the bucket', () => {
    let now = 10_000_000;
    const limiter = new IpRateLimiter(60, () => now);
    expect(limiter.take('192.0.2.1')).toBe(0);
    now -= 3_600_000;
    expect(limiter.take('192.0.2.1')).toBe(0);
  });

  it('an address that emptied its bucket before a clock set back is refilled from the new time, not hours later', () => {
    let now = 10_000_000;
    const limiter = new IpRateLimiter(60, () => now);
    for (let i = 0; i < 60; i++) limiter.take('192.0.2.7');
    expect(limiter.take('192.0.2.7')).toBe(1000);
    now -= 2 * 3_600_000; // NTP takes the clock back two hours
    limiter.take('192.0.2.7');
    now += 1000; // a second later by the new clock: one token is back, as it would be without the step
    expect(limiter.take('192.0.2.7')).toBe(0);
  });
});
