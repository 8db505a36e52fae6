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
});
