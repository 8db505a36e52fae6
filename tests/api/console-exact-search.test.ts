import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTwoCounters, signInCounter } from '../helpers/console-counters.js';
import { buyAirtime, startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * History's search box, typed a whole reference, request id or customer id (meter, smartcard):
 * the sale or sales that carry it exactly, found by an index, with a click to look for the text
 * in every field instead. Text no sale carries whole is looked for in every field as before.
 */
let t: TestNode;
let ada: Awaited<ReturnType<typeof signInCounter>>;
let order1Ref = '';

const keysOf = (rows: { request_id: string }[]) => rows.map((r) => r.request_id).sort();
const searched = async (typed: string, extra = '') => {
  const r = await ada('GET', `/console/purchases?search=${encodeURIComponent(typed)}${extra}`);
  expect(r.status, r.text).toBe(200);
  return r.json;
};

beforeAll(async () => {
  t = await startTestNode();
  await seedTwoCounters(t);
  ada = await signInCounter(t, 'ada');
  for (const key of ['order-1', 'order-12', 'order-13']) {
    const r = await buyAirtime(t, key);
    expect(r.status, r.text).toBe(200);
    if (key === 'order-1') order1Ref = r.json.data.internal_reference;
  }
  const plans = (await t.call('GET', '/v1/plans/bills/electricity')).json.data as {
    id: number;
    network: string;
    meter_type?: string;
  }[];
  const prepaid = plans.find((p) => p.meter_type === 'prepaid')!;
  for (const [meter, key] of [
    ['10000000001', 'meter-a'],
    ['10000000001', 'meter-b'],
  ]) {
    const r = await t.call('POST', '/v1/transactions', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: meter,
        network: prepaid.network,
        product: 'ELECTRICITY',
        plan_code: String(prepaid.id),
        amount: '1000',
        client_request_id: key,
      },
    });
    expect(r.status, r.text).toBe(200);
  }
  // A request id that holds the meter's digits, on a sale to someone else.
  expect((await buyAirtime(t, 'ref-10000000001')).status).toBe(200);
});
afterAll(async () => t.close());

describe("History's search for a whole reference, request id or customer id", () => {
  it("a receipt's internal reference finds that sale, typed in either case", async () => {
    for (const typed of [order1Ref, order1Ref.toUpperCase(), ` ${order1Ref} `]) {
      const page = await searched(typed);
      expect(page.search_matched, typed).toBe('reference');
      expect(keysOf(page.rows), typed).toEqual(['order-1']);
      expect(page.total).toBe(1);
    }
  });

  it('a whole request id finds its sale only; search_as=text finds every sale holding it', async () => {
    const exact = await searched('order-1');
    expect(exact.search_matched).toBe('request_id');
    expect(keysOf(exact.rows)).toEqual(['order-1']);
    const text = await searched('order-1', '&search_as=text');
    expect(text.search_matched).toBe('text');
    expect(keysOf(text.rows)).toEqual(['order-1', 'order-12', 'order-13']);
  });

  it('a whole meter number finds the sales to it, typed in groups too, not a reference holding it', async () => {
    for (const typed of ['10000000001', '1000 0000 001', '1000-0000-001']) {
      const page = await searched(typed);
      expect(page.search_matched, typed).toBe('customer');
      expect(keysOf(page.rows), typed).toEqual(['meter-a', 'meter-b']);
      expect(page.total).toBe(2);
    }
    const text = await searched('10000000001', '&search_as=text');
    expect(keysOf(text.rows)).toEqual(['meter-a', 'meter-b', 'ref-10000000001']);
  });

  it('the CSV of an exact search holds the same sales as its page', async () => {
    const csv = await ada('GET', `/console/purchases.csv?search=${encodeURIComponent('1000 0000 001')}`);
    const lines = csv.text.trim().split('\n').slice(1);
    expect(lines.map((l) => l.split(',')[2]).sort()).toEqual(['meter-a', 'meter-b']);
  });

  it('text no sale carries whole, and part of a reference, are looked for in every field', async () => {
    const partial = await searched('order-');
    expect(partial.search_matched).toBe('text');
    expect(keysOf(partial.rows)).toEqual(['order-1', 'order-12', 'order-13']);
    const part = await searched(order1Ref.slice(0, 13));
    expect(part.search_matched).toBe('text');
    expect(keysOf(part.rows)).toEqual(['order-1']);
    const none = await searched('nothing-like-this');
    expect(none).toMatchObject({ search_matched: 'text', total: 0, rows: [] });
  });

  it("another merchant's reference or request id finds nothing here", async () => {
    const other = t.merchant('EXACTX', { testNaira: 10_000 });
    const r = await buyAirtime(t, 'theirs-1', { merchant_code: 'EXACTX' }, other.test);
    expect(r.status, r.text).toBe(200);
    for (const typed of [r.json.data.internal_reference, 'theirs-1']) {
      const page = await searched(typed);
      expect(page.total, typed).toBe(0);
    }
  });

  it('no search says nothing about how it was read', async () => {
    const page = (await ada('GET', '/console/purchases')).json;
    expect(page.search_matched).toBeUndefined();
  });
});
