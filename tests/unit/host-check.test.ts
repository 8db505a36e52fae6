import { describe, expect, it } from 'vitest';
import { hostAllowed, ipAllowed, parseAllowEntry } from '../../server/http/access.js';

describe('Host header check (DNS rebinding)', () => {
  it.each([['localhost:7300'], ['127.0.0.1:7300'], ['[::1]:7300'], ['LOCALHOST'], ['127.0.0.1']])(
    'accepts our own name %s',
    (h) => {
      expect(hostAllowed(h, [])).toBe(true);
    },
  );
  it.each([
    ['evil.example:7300'],
    ['127.0.0.1.evil.example'],
    ['localhost.evil.example:7300'],
    [''],
    ['[::2]:7300'],
  ])('rejects %s', (h) => {
    expect(hostAllowed(h, [])).toBe(false);
  });
  it('accepts names the operator allowed', () => {
    expect(hostAllowed('vend.example.ng:7300', ['vend.example.ng'])).toBe(true);
    expect(hostAllowed(undefined, ['vend.example.ng'])).toBe(false);
  });
});

describe('live IP allowlist entries', () => {
  it('matches exact IPv4, CIDRs and IPv6 prefixes, including IPv4-mapped IPv6 socket addresses', () => {
    expect(ipAllowed('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(ipAllowed('::ffff:10.2.3.4', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('2001:db8::5', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('11.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('127.0.0.1', [])).toBe(false);
  });
  it.each([['10.0.0.0/33'], ['300.1.1.1'], ['abc'], ['10.0.0.0/x'], ['::1/129']])(
    'rejects the invalid entry %s',
    (e) => {
      expect(() => parseAllowEntry(e)).toThrow();
    },
  );
});
