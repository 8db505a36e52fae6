import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTwoCounters, signInCounter } from '../helpers/console-counters.js';
import { buyAirtime, startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * History's search box, typed a customer's whole number: it finds the sales to that number
 * however the integrator sent it (0… or 234…) and however the agent typed it.
 */
let t: TestNode;
let ada: Awaited<ReturnType<typeof signInCounter>>;

const keysOf = (rows: { request_id: string }[]) => rows.map((r) => r.request_id).sort();
const searched = async (typed: string, extra = '') =>
  (await ada('GET', `/console/purchases?search=${encodeURIComponent(typed)}${extra}`)).json;

beforeAll(async () => {
  t = await startTestNode();
  await seedTwoCounters(t);
  ada = await signInCounter(t, 'ada');
  for (const [msisdn, key] of [
    ['08031112222', 'local-1'],
    ['2348031112222', 'intl-1'],
    ['08039998888', 'other-1'],
    // A reference that happens to hold the digits, for a sale to someone else.
    ['08035556666', 'ref-08031112222'],
    // A reference holding a smartcard-like number: eleven digits, but no phone's.
    ['08036667777', 'card-02031112222'],
  ])
    expect((await buyAirtime(t, key, { customer_msisdn: msisdn })).status).toBe(200);
});
afterAll(async () => t.close());

describe("History's search for a whole phone number", () => {
  it('finds the sales to the number in both stored forms, however it is typed', async () => {
    for (const typed of [
      '08031112222',
      '2348031112222',
      '+2348031112222',
      '0803 111 2222',
      '+234 803 111 2222',
      '0803-111-2222',
      ' 234 803 111 2222 ',
    ]) {
      const page = await searched(typed);
      expect(keysOf(page.rows), typed).toEqual(['intl-1', 'local-1']);
      expect(page.total, typed).toBe(2);
    }
  });

  it('the CSV of that search holds the same sales', async () => {
    const csv = await ada('GET', `/console/purchases.csv?search=${encodeURIComponent('+234 803 111 2222')}`);
    const lines = csv.text.trim().split('\n').slice(1);
    expect(lines.map((l) => l.split(',')[2]).sort()).toEqual(['intl-1', 'local-1']);
  });

  it('search_as=text searches every field for the digits instead, as typed', async () => {
    // The old free-text search: the reference holding the digits, and the 0… form only.
    const page = await searched('0803 111 2222', '&search_as=text');
    expect(keysOf(page.rows)).toEqual(['local-1', 'ref-08031112222']);
    expect(page.total).toBe(2);
  });

  it('part of a number and other text keep the free-text search', async () => {
    expect(keysOf((await searched('8031112')).rows)).toEqual(['intl-1', 'local-1', 'ref-08031112222']);
    expect(keysOf((await searched('ref-0803')).rows)).toEqual(['ref-08031112222']);
    // Eleven digits that are no Nigerian phone number (a smartcard or meter) are text too.
    expect(keysOf((await searched('0203 111 2222')).rows)).toEqual(['card-02031112222']);
  });
});
