import { describe, expect, it } from 'vitest';
import {
  ConnectionCounter,
  OncePerMinute,
  exemptAddresses,
  isLoopbackAddress,
} from '../../server/http/connection-caps.js';
import {
  UNKNOWN_LIMIT_CEILING,
  connectionCeiling,
  limitFromProcLimits,
} from '../../server/http/descriptor-limit.js';

describe('isLoopbackAddress', () => {
  it('is all of 127.0.0.0/8 and ::1, mapped or not, and nothing else', () => {
    for (const a of [
      '127.0.0.1',
      '127.0.0.2',
      '127.255.255.254',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:127.0.0.9',
    ])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      '10.0.0.5',
      '128.0.0.1',
      '::ffff:10.0.0.5',
      'fe80::1',
      '2001:db8::1',
      '::',
      'not an address',
    ])
      expect(isLoopbackAddress(a), a).toBe(false);
  });
});

describe('ConnectionCounter', () => {
  const counter = (perAddress: number, ceiling = 1_000, trusted: string[] = []) =>
    new ConnectionCounter({ perAddress, ceiling, exempt: exemptAddresses(trusted) });

  it('caps one address, not its neighbours, and frees a place when a connection closes', () => {
    const c = counter(3);
    const keys = [1, 2, 3].map(() => c.admit('10.0.0.5'));
    expect(keys.every((k) => 'key' in k)).toBe(true);
    expect(c.admit('10.0.0.5')).toEqual({ refused: 'per-address' });
    // The same client through an IPv4-mapped address is the same client.
    expect(c.admit('::ffff:10.0.0.5')).toEqual({ refused: 'per-address' });
    expect('key' in c.admit('10.0.0.6')).toBe(true);
    c.release((keys[0] as { key: string }).key);
    expect('key' in c.admit('10.0.0.5')).toBe(true);
    expect(c.openFrom('10.0.0.5')).toBe(3);
    expect(c.open).toBe(4);
  });

  it('counts an IPv6 client for its /64', () => {
    const c = counter(2);
    c.admit('2001:db8:1:2::1');
    c.admit('2001:db8:1:2::ffff');
    expect(c.admit('2001:db8:1:2:abcd::9')).toEqual({ refused: 'per-address' });
    expect('key' in c.admit('2001:db8:1:3::1')).toBe(true);
  });

  it('does not cap loopback or a trusted proxy per address; the ceiling holds for every address', () => {
    const c = counter(2, 10, ['10.9.9.9']);
    for (let i = 0; i < 4; i++) expect(c.admit('127.0.0.1')).toEqual({ key: '' });
    for (let i = 0; i < 3; i++) expect(c.admit('127.0.0.2')).toEqual({ key: '' });
    for (let i = 0; i < 3; i++) expect(c.admit('10.9.9.9')).toEqual({ key: '' });
    expect(c.admit('127.0.0.1')).toEqual({ refused: 'ceiling' });
    expect(c.admit('10.0.0.5')).toEqual({ refused: 'ceiling' });
    c.release('');
    expect(c.admit('10.0.0.5')).toEqual({ key: '10.0.0.5' });
  });

  it('counts loopback when asked (tests), and has no per-address cap at 0', () => {
    const strict = new ConnectionCounter({ perAddress: 1, ceiling: 10, exempt: exemptAddresses([], true) });
    strict.admit('127.0.0.1');
    expect(strict.admit('127.0.0.1')).toEqual({ refused: 'per-address' });
    const off = counter(0, 5);
    for (let i = 0; i < 5; i++) expect(off.admit('10.0.0.5')).toEqual({ key: '' });
    expect(off.admit('10.0.0.5')).toEqual({ refused: 'ceiling' });
  });
});

describe('OncePerMinute', () => {
  it('says yes once a minute per key', () => {
    let now = 0;
    const once = new OncePerMinute(() => now);
    expect(once.due('10.0.0.5')).toBe(true);
    expect(once.due('10.0.0.5')).toBe(false);
    expect(once.due('10.0.0.6')).toBe(true);
    now = 59_999;
    expect(once.due('10.0.0.5')).toBe(false);
    now = 60_000;
    expect(once.due('10.0.0.5')).toBe(true);
  });
});

describe('the node-wide ceiling', () => {
  it('leaves a reserve for the node: a quarter of the limit at least, half at most', () => {
    expect(connectionCeiling(20_000, 1024)).toBe(15_000);
    expect(connectionCeiling(1024, 1024)).toBe(512);
    expect(connectionCeiling(300, 16)).toBe(150);
    // One upstream's vends on the wire and the node's own files, when that is more than a quarter.
    expect(connectionCeiling(4096, 1024)).toBe(4096 - (256 + 1024 + 64));
    expect(connectionCeiling(null, 1024)).toBe(UNKNOWN_LIMIT_CEILING);
  });

  it('reads the soft limit from /proc/self/limits', () => {
    const text =
      'Limit                     Soft Limit           Hard Limit           Units     \n' +
      'Max processes             63432                63432                processes \n' +
      'Max open files            1024                 524288               files     \n';
    expect(limitFromProcLimits(text)).toBe(1024);
    expect(limitFromProcLimits(text.replace('1024 ', 'unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(limitFromProcLimits('Max processes 1 1')).toBe(null);
  });
});
