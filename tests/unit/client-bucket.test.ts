import { describe, expect, it } from 'vitest';
import { clientBucket } from '../../server/domain/client-bucket.js';
import { IpRateLimiter } from '../../server/http/ip-rate-limit.js';
import { LoginThrottle } from '../../server/services/login-throttle.js';

describe('whose bucket a client address counts against', () => {
  it('an IPv4 address is its own; an IPv4-mapped IPv6 address is its IPv4', () => {
    expect(clientBucket('198.51.100.7')).toBe('198.51.100.7');
    expect(clientBucket('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('an IPv6 address counts for its /64, however it is written', () => {
    const bucket = clientBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(bucket).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:0db8:0001:0002::1')).toBe(bucket);
    expect(clientBucket('2001:db8:1:3::1')).not.toBe(bucket);
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
  });

  it('the request limiter cannot be dodged by rotating addresses inside one /64', () => {
    const limiter = new IpRateLimiter(60, () => 0);
    for (let i = 0; i < 60; i++) expect(limiter.take(`2001:db8:1:2::${(i + 1).toString(16)}`)).toBe(0);
    expect(limiter.take('2001:db8:1:2::ffff')).toBeGreaterThan(0);
    expect(limiter.take('2001:db8:1:3::1')).toBe(0);
  });

  it('nor can the sign-in throttle', () => {
    const throttle = new LoginThrottle({ perUser: 5, perIp: 50, windowMs: 60_000 }, () => 0);
    for (let i = 0; i < 5; i++) expect(throttle.begin(`2001:db8::${i + 1}`, 'admin').allowed).toBe(true);
    expect(throttle.begin('2001:db8::99', 'admin').allowed).toBe(false);
  });
});
