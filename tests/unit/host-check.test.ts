import { describe, expect, it } from 'vitest';
import { hostAllowed, hostChecker, ipAllowed } from '../../server/http/access.js';
import { parseAllowEntry } from '../../server/domain/merchant-rules.js';

describe('Host header check (DNS rebinding)', () => {
  it.each([
    ['localhost:7300'],
    ['127.0.0.1:7300'],
    ['[::1]:7300'],
    ['LOCALHOST'],
    ['127.0.0.1'],
    ['[::1]'],
    ['localhost:'],
  ])('accepts our own name %s', (h) => {
    expect(hostAllowed(h, [])).toBe(true);
  });
  it.each([
    ['evil.example:7300'],
    ['127.0.0.1.evil.example'],
    ['localhost.evil.example:7300'],
    [''],
    ['[::2]:7300'],
    // Our name, then something that is not a port: a link built from this Host (the report
    // e-mail's download link on a resend) would point elsewhere, `http://127.0.0.1:@evil.example/`.
    ['127.0.0.1:@evil.example'],
    ['localhost:7300 evil.example'],
    ['localhost:abc'],
    ['[::1]evil.example'],
    ['[::1]:7300/x'],
    ['localhost:123456'],
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

describe('hostChecker (memoised hostAllowed)', () => {
  it('answers like hostAllowed, again and again', () => {
    const check = hostChecker(['pos.example']);
    for (let round = 0; round < 3; round++) {
      expect(check('127.0.0.1:7300')).toBe(true);
      expect(check('POS.example:443')).toBe(true);
      expect(check('evil.example')).toBe(false);
      expect(check('127.0.0.1.evil.example')).toBe(false);
      expect(check(undefined)).toBe(false);
    }
  });

  it('never remembers more than its bound, and stays correct past it', () => {
    const check = hostChecker([], 2);
    for (let port = 1; port <= 10; port++) expect(check(`localhost:${port}`)).toBe(true);
    expect(check('attacker.example')).toBe(false);
  });
});
