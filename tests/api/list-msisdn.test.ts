import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, startTestNode, type TestNode } from '../helpers/test-node.js';

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

describe('the list msisdn filter matches a number in either form', () => {
  it('a filter longer than any number or network name is a 400 (filters key the list cache)', async () => {
    for (const [param, max] of [
      ['msisdn', 20],
      ['network', 40],
    ] as const) {
      const r = await t.call('GET', `/v1/transactions?${param}=${'9'.repeat(max + 1)}`);
      expect(r.status, param).toBe(400);
      expect(r.json.message, param).toBe(`${param} must be at most ${max} characters`);
      expect((await t.call('GET', `/v1/transactions?${param}=${'9'.repeat(max)}`)).status).toBe(200);
    }
  });

  it('080… finds purchases sent as 23480… and the reverse, and nothing else', async () => {
    await buyAirtime(t, 'local-1', { customer_msisdn: '08031112222' });
    await buyAirtime(t, 'intl-1', { customer_msisdn: '2348031112222' });
    await buyAirtime(t, 'other-1', { customer_msisdn: '08039998888' });
    const local = await t.call('GET', '/v1/transactions?msisdn=08031112222');
    const intl = await t.call('GET', '/v1/transactions?msisdn=2348031112222');
    // "+234…", as people write it (the + escaped in a query string).
    const plus = await t.call('GET', '/v1/transactions?msisdn=%2B2348031112222');
    for (const r of [local, intl, plus]) {
      expect(r.json.data.map((d: { request_id: string }) => d.request_id).sort()).toEqual([
        'intl-1',
        'local-1',
      ]);
      expect(r.json.pagination.total).toBe(2);
    }
  });
});
