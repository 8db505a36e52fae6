import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { FAILED_AUTH_COST } from '../../server/http/ip-rate-limit.js';

let t: TestNode | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const madeUpPair = () => ({
  key: `vpk_test_${randomBytes(8).toString('hex')}`,
  secret: `vps_test_${randomBytes(16).toString('hex')}`,
});

describe('the per-IP limit before authentication', () => {
  it('a changing X-Merchant-Key with bad secrets reaches 429 with Retry-After', async () => {
    t = await startTestNode({ rateLimitPerMinute: 100 });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<TestNode['call']>> | null = null;
    for (let i = 0; i < 30 && !limited; i++) {
      const r = await t.call('GET', '/v1/wallet/balance', { pair: madeUpPair() });
      statuses.push(r.status);
      if (r.status === 429) limited = r;
    }
    expect(limited).not.toBeNull();
    // Failures cost FAILED_AUTH_COST each: far fewer than the 100 a minute good calls get.
    expect(statuses.length).toBeLessThanOrEqual(Math.ceil(100 / FAILED_AUTH_COST) + 1);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.json).toMatchObject({ status: 'error', code: 429 });
    // The client IP is now limited whatever it sends, a good pair included.
    expect((await t.call('GET', '/v1/wallet/balance')).status).toBe(429);
  });

  it('covers /ext, the internal API and the console too', async () => {
    t = await startTestNode({ rateLimitPerMinute: 30 });
    const paths: [string, string][] = [
      ['GET', '/ext/service/v1/plans/mtn'],
      ['GET', '/plans/mtn'],
      ['GET', '/console/session'],
    ];
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const [method, path] = paths[i % paths.length];
      last = (await t.call(method, path, { pair: madeUpPair() })).status;
    }
    expect(last).toBe(429);
    expect(
      (await t.call('POST', '/console/login', { pair: null, body: { username: 'x', password: 'y' } })).status,
    ).toBe(429);
  });

  it('successful calls cost one each: a good pair gets its full per-minute allowance', async () => {
    t = await startTestNode({ rateLimitPerMinute: 20 });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await t.call('GET', '/v1/wallet/balance')).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('the health check has a bucket of its own: an exhausted client IP still reads healthy, and healthz polls take nothing from its calls', async () => {
    t = await startTestNode({ rateLimitPerMinute: 20 });
    // Made-up keys empty the client IP's bucket: its calls are refused, its health check is not.
    for (let i = 0; i < 3; i++) await t.call('GET', '/v1/wallet/balance', { pair: madeUpPair() });
    expect((await t.call('GET', '/v1/wallet/balance')).status).toBe(429);
    const health = await t.call('GET', '/v1/healthz', { pair: null });
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok' });

    // On a fresh node: a monitor's 20 polls leave the calls their full allowance, and a 21st
    // poll is refused in its own bucket (an unauthenticated route still has a limit).
    await t.close();
    t = await startTestNode({ rateLimitPerMinute: 20 });
    const polls: number[] = [];
    for (let i = 0; i < 21; i++) polls.push((await t.call('GET', '/v1/healthz', { pair: null })).status);
    expect(polls.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(polls[20]).toBe(429);
    const calls: number[] = [];
    for (let i = 0; i < 20; i++) calls.push((await t.call('GET', '/v1/wallet/balance')).status);
    expect(calls.every((s) => s === 200)).toBe(true);
  });

  it('--rate-limit 0 still turns every limit off', async () => {
    t = await startTestNode({ rateLimitPerMinute: 0 });
    for (let i = 0; i < 40; i++) {
      expect((await t.call('GET', '/v1/wallet/balance', { pair: madeUpPair() })).status).toBe(401);
    }
    expect((await t.call('GET', '/v1/wallet/balance')).status).toBe(200);
  });
});

describe('the credential bucket after authentication', () => {
  it('is keyed on the proven credential, so spreading one pair over many client IPs does not multiply it', async () => {
    // Behind a trusted proxy each call names another client IP: every per-IP bucket stays fresh.
    t = await startTestNode({ rateLimitPerMinute: 6, trustedProxies: ['127.0.0.1'] });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await t.call('GET', '/v1/wallet/balance', {
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('bad secrets sent with a known key do not use up that credential’s bucket', async () => {
    t = await startTestNode({ rateLimitPerMinute: 6, trustedProxies: ['127.0.0.1'] });
    const demo = t.demo;
    for (let i = 0; i < 4; i++) {
      const r = await t.call('GET', '/v1/wallet/balance', {
        pair: { key: demo.key, secret: `vps_test_${'0'.repeat(32)}` },
        headers: { 'x-forwarded-for': '203.0.113.66' },
      });
      expect([401, 429]).toContain(r.status);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await t.call('GET', '/v1/wallet/balance', {
        headers: { 'x-forwarded-for': '198.51.100.10' },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
