import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * /v1 answers carry what a sale delivered (an electricity token, gift-card codes and PINs, an
 * eSIM's activation code): no browser cache (the /v1/docs page's "Try it out" is a browser) and
 * no proxy may keep a copy. Before, they had no Cache-Control at all, so a browser stored them
 * on disk like any other page (found by an outside review). Every answer also says nosniff.
 */
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

describe('headers of API answers', () => {
  it('an electricity status answer with its token is no-store and nosniff', async () => {
    const sale = await t.call('POST', '/v1/transactions', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: '10000000001',
        network: 'Ikeja Electric',
        product: 'ELECTRICITY',
        amount: '1000',
        plan_code: '101',
        client_request_id: 'headers-elec-1',
      },
    });
    expect(sale.status).toBe(200);
    expect(sale.json.data.token).toBeTruthy();
    expect(sale.headers['cache-control']).toBe('no-store');
    const status = await t.call('GET', '/v1/transactions/status?client_request_id=headers-elec-1');
    expect(status.json.data.token).toBe(sale.json.data.token);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.headers['x-content-type-options']).toBe('nosniff');
    const ext = await t.call('GET', '/ext/service/v1/transactions/status/headers-elec-1');
    expect(ext.headers['cache-control']).toBe('no-store');
  });

  it('a gift-card order with its codes is no-store', async () => {
    const r = await t.call('POST', '/v1/giftcards/orders', {
      body: { request_id: 'headers-gc-1', plan_id: 5001 },
    });
    expect(r.status).toBe(200);
    const read = await t.call('GET', '/v1/giftcards/orders/headers-gc-1');
    expect(JSON.stringify(read.json)).toContain('pin');
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('the internal API, lists, refusals and unknown routes say it too', async () => {
    for (const path of ['/v1/transactions', '/plans/mtn', '/v1/events']) {
      const r = await t.call('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-store');
    }
    const refused = await t.call('GET', '/v1/wallet/balance', { pair: null });
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.call('GET', '/v1/no-such-route%3Cb%3E', { pair: null });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
  });

  it("a route's own Cache-Control wins: the eSIM QR image stays private, no-store", async () => {
    const order = await t.call('POST', '/v1/esim/orders', {
      body: { request_id: 'headers-esim-1', plan_id: 'ESIM-AE-10GB-30D' },
    });
    expect(order.status).toBe(200);
    expect(order.headers['cache-control']).toBe('no-store');
    const qr = await t.call('GET', '/v1/esim/orders/headers-esim-1/qrcode');
    expect(qr.status).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.headers['cache-control']).toBe('private, no-store');
  });

  it('the health check outside the authenticated API is not marked no-store, but nosniff', async () => {
    const health = await t.call('GET', '/v1/healthz', { pair: null });
    expect(health.headers['cache-control']).toBeUndefined();
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });
});
