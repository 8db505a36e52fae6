import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

describe('a fresh node', () => {
  it('answers the health check without credentials', async () => {
    const r = await t.call('GET', '/v1/healthz', { pair: null });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('ok');
  });
  it('shows the DEMO test wallet in the spec envelope', async () => {
    const r = await t.call('GET', '/v1/wallet/balance');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'success',
      total: '1000000.00',
      data: [{ environment: 'test', currency: 'NGN', balance: '1000000.00' }],
    });
    expect(r.headers['x-request-id']).toBeTruthy();
  });
});
