import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/services/login-throttle.js';

/**
 * An operator's unlock (server/services/login-throttle.ts `unlockedAt`): the stamp another process
 * writes, which the throttle reads only when it is about to refuse a sign-in.
 */
const LIMITS = { perUser: 5, perIp: 50, windowMs: 15 * 60_000 };

function throttleWith(stamps: Map<string, number>) {
  let clock = 1_000_000;
  const asked: string[] = [];
  const throttle = new LoginThrottle(
    LIMITS,
    () => clock,
    (name) => {
      asked.push(name);
      return stamps.get(name) ?? null;
    },
  );
  const fail = (user: string, ip = '127.0.0.1') => {
    clock += 1_000;
    return throttle.begin(ip, user).allowed;
  };
  return { throttle, asked, fail, tick: () => (clock += 1_000), now: () => clock };
}

describe('an operator unlocks a username', () => {
  it('failures before the stamp no longer count for it; the store is asked only when a refusal is due', () => {
    const stamps = new Map<string, number>();
    const t = throttleWith(stamps);
    for (let i = 0; i < 5; i++) expect(t.fail('admin')).toBe(true);
    // Five attempts let through without asking anything: the hot path reads no stamp.
    expect(t.asked).toEqual([]);
    expect(t.fail('admin')).toBe(false);
    expect(t.asked).toEqual(['admin']);
    stamps.set('admin', t.tick());
    expect(t.fail('ADMIN ')).toBe(true);
  });

  it('failures after the stamp still count: four more are let through, the fifth locks again', () => {
    const stamps = new Map<string, number>();
    const t = throttleWith(stamps);
    for (let i = 0; i < 5; i++) t.fail('admin');
    stamps.set('admin', t.tick());
    for (let i = 0; i < 5; i++) expect(t.fail('admin')).toBe(true);
    expect(t.fail('admin')).toBe(false);
  });

  it("another username's lock stays", () => {
    const stamps = new Map<string, number>();
    const t = throttleWith(stamps);
    for (let i = 0; i < 5; i++) t.fail('ada');
    for (let i = 0; i < 5; i++) t.fail('admin');
    stamps.set('admin', t.tick());
    expect(t.fail('admin')).toBe(true);
    expect(t.fail('ada')).toBe(false);
  });

  it("the address's ceiling, reached before the stamp, no longer holds the unlocked username back, and still holds the others", () => {
    const stamps = new Map<string, number>();
    const t = throttleWith(stamps);
    for (let i = 0; i < 50; i++) expect(t.fail(`sprayed${i}`)).toBe(true);
    expect(t.fail('admin')).toBe(false);
    stamps.set('admin', t.tick());
    expect(t.fail('admin')).toBe(true);
    expect(t.fail('ada')).toBe(false);
  });

  it('a stamp older than the failures changes nothing', () => {
    const stamps = new Map<string, number>([['admin', 0]]);
    const t = throttleWith(stamps);
    for (let i = 0; i < 5; i++) t.fail('admin');
    const refused = t.throttle.begin('127.0.0.1', 'admin');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(0);
  });
});
