import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtimeSale, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * A vend that crashes before its send is recorded (the commit refused: a full disk, say)
 * sent nothing, so it must be tried again on its own, not stay pending until a restart.
 */
describe('a vend that crashed before its send was recorded', () => {
  let t: TestNode;
  beforeAll(async () => {
    t = await startTestNode();
  });
  afterAll(async () => t?.close());

  it('is tried again shortly and ends, charged once', async () => {
    const store = t.node.services.purchases;
    const markSent = store.markSent.bind(store);
    let refusals = 1;
    store.markSent = (...args: Parameters<typeof markSent>) => {
      if (refusals-- > 0) return Promise.reject(new Error('SQLITE_FULL: database or disk is full'));
      return markSent(...args);
    };
    try {
      const sold = await t.call('POST', '/v1/transactions', {
        body: airtimeSale('crash-then-retry'),
      });
      expect(sold.json.response_code).toBe('02');
      const final = await eventually(
        () => t.call('GET', '/v1/transactions/status?client_request_id=crash-then-retry'),
        (r) => r.json.response_code !== '02',
      );
      expect(final.json.response_code).toBe('00');
      expect(refusals).toBe(-1); // refused once, then recorded
      expect(t.ledgerOk()).toBe(true);
    } finally {
      store.markSent = markSent;
    }
  });

  it('a create the full disk refuses answers 503 saying nothing was charged, and the key stays free', async () => {
    const store = t.node.services.purchases;
    const place = store.place.bind(store);
    store.place = () =>
      Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    const body = airtimeSale('disk-full-1');
    const before = (await t.call('GET', '/v1/wallet/balance')).json.total;
    try {
      const refused = await t.call('POST', '/v1/transactions', { body });
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json).toEqual({
        status: 'error',
        code: 503,
        message: "The node's disk is full: nothing was stored or charged; retry once space is freed",
      });
    } finally {
      store.place = place;
    }
    expect((await t.call('GET', '/v1/wallet/balance')).json.total).toBe(before);
    expect((await t.call('POST', '/v1/transactions', { body })).json.response_code).toBe('02');
  });

  it('is logged once with its stack, then counted; healthz says degraded until a write succeeds again', async () => {
    t.node.services.diskFull.tick(); // the refusal above: its disk was never full, so this clears it
    const lines: { level: string; m: string; o: object }[] = [];
    const at = (level: string) => (o: object, m: string) => lines.push({ level, o, m });
    t.node.services.diskFull.setLogger({ error: at('error'), warn: at('warn'), info: at('info') });
    expect((await t.call('GET', '/v1/healthz', { pair: null })).json).toEqual({
      status: 'ok',
      uptime_s: expect.any(Number),
    });
    const store = t.node.services.purchases;
    const place = store.place.bind(store);
    store.place = () =>
      Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    try {
      for (let i = 0; i < 5; i++)
        expect(
          (await t.call('POST', '/v1/transactions', { body: airtimeSale(`disk-full-log-${i}`) })).status,
        ).toBe(503);
    } finally {
      store.place = place;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', o: { err: { code: 'SQLITE_FULL' } } });
    const health = await t.call('GET', '/v1/healthz', { pair: null });
    expect(health.status).toBe(200);
    expect(health.json).toEqual({
      status: 'degraded',
      uptime_s: expect.any(Number),
      disk_full_since: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The minute's test write goes through (space was freed): said once, and healthz is ok again.
    t.node.services.diskFull.tick();
    expect(lines.slice(1).map((l) => `${l.level} ${l.m}`)).toEqual([
      `info disk full no longer: writes succeed again (5 refused since ${health.json.disk_full_since})`,
    ]);
    expect((await t.call('GET', '/v1/healthz', { pair: null })).json).toEqual({
      status: 'ok',
      uptime_s: expect.any(Number),
    });
    expect(t.ledgerOk()).toBe(true);
  });
});
