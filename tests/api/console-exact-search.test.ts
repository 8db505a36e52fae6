import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedTwoCounters, signInCounter } from '../helpers/console-counters.js';
import { buyAirtime, startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * History's search box, typed a whole reference, request id, provider's reference or customer id
 * (meter, smartcard): the sale or sales that carry it exactly, found by an index, with a click to
 * look for the text in every field instead. Text no sale carries whole is looked for in every
 * field as before.
 */
let t: TestNode;
let ada: Awaited<ReturnType<typeof signInCounter>>;
let order1Ref = '';

const keysOf = (rows: { request_id: string }[]) => rows.map((r) => r.request_id).sort();
/** The provider's reference the settle stored on a sale (the simulator's, as its receipt prints). */
const providerRefOf = (key: string, merchantId = 1) =>
  t.node.services.db
    .prepare('SELECT upstream_reference FROM purchases WHERE idem_key = ? AND merchant_id = ?')
    .pluck()
    .get(key, merchantId) as string;
/** Every sale settled by the simulator (airtime is answered pending), its provider's reference stored. */
const allSettled = () =>
  vi.waitFor(
    () => {
      const pending = t.node.services.db
        .prepare("SELECT COUNT(*) FROM purchases WHERE state = 'pending'")
        .pluck()
        .get();
      expect(pending).toBe(0);
    },
    { timeout: 10_000, interval: 20 },
  );
/** A provider's reference as a provider gave it (one of its own, or the same one twice). */
const giveProviderRef = (key: string, reference: string, merchantId = 1) =>
  t.node.services.db
    .prepare('UPDATE purchases SET upstream_reference = ? WHERE idem_key = ? AND merchant_id = ?')
    .run(reference, key, merchantId);
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
  await allSettled();
});
afterAll(async () => t.close());

describe("History's search for a whole reference, request id, provider's reference or customer id", () => {
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

  it("a provider's whole reference finds the sale it was given to, exactly as stored", async () => {
    const theirs = providerRefOf('order-13');
    expect(theirs).toMatch(/^SIM[0-9A-F]{12}$/);
    for (const typed of [theirs, ` ${theirs} `]) {
      const page = await searched(typed);
      expect(page.search_matched, typed).toBe('provider_reference');
      expect(keysOf(page.rows), typed).toEqual(['order-13']);
      expect(page.total).toBe(1);
    }
    // Part of it is text, as before.
    const part = await searched(theirs.slice(0, 10));
    expect(part.search_matched).toBe('text');
    expect(keysOf(part.rows)).toEqual(['order-13']);
  });

  it("a provider's reference in another case is looked for as text, which still finds it", async () => {
    // Providers' references are case-sensitive (SIMab… and SIMAB… may be two sales): only the
    // stored form is an exact match; the text search ignores case.
    const theirs = providerRefOf('order-13');
    const page = await searched(theirs.toLowerCase());
    expect(page.search_matched).toBe('text');
    expect(keysOf(page.rows)).toEqual(['order-13']);
  });

  it("a provider's UUID reference (a VendPoint provider's) is found typed in either case", async () => {
    const uuid = randomUUID();
    giveProviderRef('order-12', uuid);
    for (const typed of [uuid, uuid.toUpperCase()]) {
      const page = await searched(typed);
      expect(page.search_matched, typed).toBe('provider_reference');
      expect(keysOf(page.rows), typed).toEqual(['order-12']);
    }
  });

  it('the sales a provider gave one reference to are all listed, and in the CSV; search_as=text also finds longer ones', async () => {
    giveProviderRef('meter-a', 'PRV-7781');
    giveProviderRef('meter-b', 'PRV-7781');
    giveProviderRef('ref-10000000001', 'PRV-77810');
    const page = await searched('PRV-7781');
    expect(page.search_matched).toBe('provider_reference');
    expect(keysOf(page.rows)).toEqual(['meter-a', 'meter-b']);
    expect(page.total).toBe(2);
    const csv = await ada('GET', '/console/purchases.csv?search=PRV-7781');
    const lines = csv.text.trim().split('\n').slice(1);
    expect(lines.map((l) => l.split(',')[2]).sort()).toEqual(['meter-a', 'meter-b']);
    const text = await searched('PRV-7781', '&search_as=text');
    expect(text.search_matched).toBe('text');
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
    await allSettled();
    for (const typed of [r.json.data.internal_reference, 'theirs-1', providerRefOf('theirs-1', other.id)]) {
      const page = await searched(typed);
      expect(page, typed).toMatchObject({ search_matched: 'text', total: 0 });
    }
    // Their provider gave their sale the same reference as one of ours: only ours is found.
    const ours = providerRefOf('order-1');
    giveProviderRef('theirs-1', ours, other.id);
    const page = await searched(ours);
    expect(page.search_matched).toBe('provider_reference');
    expect(keysOf(page.rows)).toEqual(['order-1']);
    expect(page.total).toBe(1);
  });

  it("a live sale's provider reference is not found from the test desk", async () => {
    const live = t.node.services.db
      .prepare("UPDATE purchases SET environment = 'live' WHERE idem_key = 'order-13' AND merchant_id = 1")
      .run();
    expect(live.changes).toBe(1);
    try {
      const page = await searched(providerRefOf('order-13'));
      expect(page).toMatchObject({ search_matched: 'text', total: 0 });
    } finally {
      t.node.services.db
        .prepare("UPDATE purchases SET environment = 'test' WHERE idem_key = 'order-13' AND merchant_id = 1")
        .run();
    }
  });

  it('no search says nothing about how it was read', async () => {
    const page = (await ada('GET', '/console/purchases')).json;
    expect(page.search_matched).toBeUndefined();
  });
});
