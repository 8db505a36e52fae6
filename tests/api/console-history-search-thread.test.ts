import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, airtimeSale, eventually, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { fundAndFillSales } from '../helpers/test-store.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { listPurchases, purchasePages } from '../../server/store/purchase-lists.js';
import type { Environment } from '../../server/store/credentials-crypto.js';

/**
 * History's free-text search (GET /console/purchases and its CSV with text no exact lookup
 * matches) is read on a thread of its own (services/search-thread.ts): at a million sales it
 * takes seconds, and on the main thread nobody else was answered meanwhile. Its answers are the
 * main thread's read, the node answers while one is under way, a full queue is a 503 with
 * Retry-After, a search whose client went is dropped before it is read or stopped while it is
 * read (the next one starting at once), and the node's stop
 * answers a search under way 503. The thread is held at its test gate (inside the read's
 * transaction) where a search must stay under way: nothing here depends on timing.
 */
let t: TestNode;
let admin: ConsoleClient;
let merchantId: number;
let environment: Environment;
const SALES = 300;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  fundAndFillSales(t.node.services.db, 'DEMO', SALES, 'sales to search');
  merchantId = getMerchantByCode(t.node.services.db, 'DEMO')!.id;
  environment = 'test';
  const session = await admin.call('POST', '/console/session/environment', { environment });
  expect(session.status, session.text).toBe(200);
}, 60_000);

afterAll(async () => {
  await t.close();
});

const search = (text: string, more = '') =>
  admin.get(`/console/purchases?search=${encodeURIComponent(text)}${more}`);

/** A search asked, once its read holds its snapshot on the thread (held at the gate); wrapped, as an async function would wait for it. */
async function heldSearch(text: string) {
  const thread = t.node.services.search;
  thread.hold();
  const held = thread.whenHeld();
  const answer = search(text);
  await held;
  return { answer };
}

describe("History's text search on its own thread", () => {
  it('answers what the main thread read: the same rows, order, total, pages and CSV', async () => {
    const db = t.node.services.db;
    for (const [text, page, limit, status] of [
      ['illed-12', 1, 25, ''],
      ['34567', 1, 25, ''],
      ['34567', 3, 25, ''],
      ['34567', 2, 100, 'success'],
      ['34567', 13, 25, ''],
      ['found-nowhere', 1, 25, ''],
    ] as const) {
      const r = await search(text, `&page=${page}&limit=${limit}${status ? `&status=${status}` : ''}`);
      expect(r.status, r.text).toBe(200);
      expect(r.json.search_matched).toBe('text');
      const filter = Object.assign(
        { merchantId, environment, search: text },
        status ? { state: status } : {},
      );
      const main = listPurchases(db, filter, page, limit);
      expect(r.json.total, text).toBe(main.total);
      expect(
        r.json.rows.map((v: { reference: string }) => v.reference),
        `${text} page ${page}`,
      ).toEqual(main.rows.map((p) => p.internalReference));
    }
    expect((await search('34567')).json.total).toBe(SALES);
    expect((await search('illed-12')).json.total).toBe(11);

    // The CSV: every sale the search holds, newest first, page by page (250 a page on the thread).
    const csv = await admin.get('/console/purchases.csv?search=34567');
    expect(csv.status).toBe(200);
    const references = csv.text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    const main = [...purchasePages(db, { merchantId, environment, search: '34567' }, 250)].flat();
    expect(references).toEqual(main.map((p) => p.internalReference));
    expect(references).toHaveLength(SALES);
  });

  it('leaves the node answering while a search reads, and reads the list and its total at one instant', async () => {
    const thread = t.node.services.search;
    const { answer } = await heldSearch('illed-12');
    expect(thread.busy).toEqual({ running: true, queued: 0 });
    // Answered while the search is under way: the main thread is free.
    expect((await t.call('GET', '/v1/healthz', { pair: null })).status).toBe(200);
    // A sale the search would find, made after its read began: neither its rows nor its total see it.
    const sale = await t.call('POST', '/v1/transactions', {
      body: airtimeSale('held-search', { customer_msisdn: '08031234567' }),
    });
    expect(sale.status, sale.text).toBe(200);
    // Exact lookups and lists without text stay on the main thread: answered while it is held.
    const exact = await search('filled-12');
    expect(exact.status).toBe(200);
    expect(exact.json).toMatchObject({ search_matched: 'request_id', total: 1 });
    expect((await admin.get('/console/purchases?limit=5')).status).toBe(200);
    expect(thread.busy).toEqual({ running: true, queued: 0 });
    thread.release();
    const held = await answer;
    expect(held.status).toBe(200);
    expect(held.json.total).toBe(11);
    expect(held.json.rows).toHaveLength(11);
    expect((await search('34567')).json.total).toBe(SALES + 1);
  });

  it('refuses a search beyond the queue 503 with Retry-After, and answers those it took', async () => {
    const thread = t.node.services.search;
    const { answer: first } = await heldSearch('34567');
    const queued = ['illed-1', 'illed-2', 'illed-3', 'illed-4'].map((text) => search(text));
    await eventually(
      async () => thread.busy.queued,
      (n) => n === thread.maxQueued,
    );
    expect(thread.busy).toEqual({ running: true, queued: 4 });
    const refused = await search('illed-5');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json.message).toContain('The node is busy: 5 History searches are under way or waiting');
    const csv = await admin.get('/console/purchases.csv?search=illed-5');
    expect(csv.status).toBe(503);
    expect(csv.headers['retry-after']).toBe('2');
    thread.release();
    expect((await first).status).toBe(200);
    const answers = await Promise.all(queued);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0].json.total).toBe(
      listPurchases(t.node.services.db, { merchantId, environment, search: 'illed-1' }, 1, 25).total,
    );
    expect(thread.busy).toEqual({ running: false, queued: 0 });
  });

  it('drops a waiting search whose client went away before it was read', async () => {
    const thread = t.node.services.search;
    const { answer: first } = await heldSearch('34567');
    const gone = new AbortController();
    const abandoned = fetch(`${t.url}/console/purchases?search=illed-7`, {
      headers: { cookie: admin.cookie },
      signal: gone.signal,
    }).catch((e: unknown) => e);
    await eventually(
      async () => thread.busy.queued,
      (n) => n === 1,
    );
    gone.abort();
    await abandoned;
    const left = await eventually(
      async () => thread.busy.queued,
      (n) => n === 0,
    );
    expect(left).toBe(0);
    thread.release();
    expect((await first).status).toBe(200);
  });

  it('stops a search being read when its client goes, and the next one starts at once', async () => {
    const thread = t.node.services.search;
    const stoppedBefore = thread.stoppedReads;
    thread.hold();
    const held = thread.whenHeld();
    const gone = new AbortController();
    const abandoned = fetch(`${t.url}/console/purchases?search=34567`, {
      headers: { cookie: admin.cookie },
      signal: gone.signal,
    }).catch((e: unknown) => e);
    await held;
    const next = search('illed-12');
    await eventually(
      async () => thread.busy.queued,
      (n) => n === 1,
    );
    const nextHeld = thread.whenHeld();
    gone.abort();
    await abandoned;
    // The held read ended at its check, unanswered; the next one is read while the gate still
    // holds reads (the stopped one never reached the release it waited for).
    await nextHeld;
    expect(thread.stoppedReads).toBe(stoppedBefore + 1);
    expect(thread.busy).toEqual({ running: true, queued: 0 });
    thread.release();
    const r = await next;
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(
      listPurchases(t.node.services.db, { merchantId, environment, search: 'illed-12' }, 1, 25).total,
    );
  });

  it("the node's stop does not wait for a search under way: it and those waiting are answered 503", async () => {
    const thread = t.node.services.search;
    const { answer: first } = await heldSearch('34567');
    const waiting = search('illed-9');
    await eventually(
      async () => thread.busy.queued,
      (n) => n === 1,
    );
    const closing = t.node.close();
    for (const r of [await first, await waiting]) {
      expect(r.status).toBe(503);
      expect(r.json.message).toContain('The node is stopping: the History search was cut off');
    }
    await closing;
    expect(thread.busy).toEqual({ running: false, queued: 0 });
    await expect(
      thread.read({ type: 'list', filter: { merchantId, environment, search: 'x' }, page: 1, limit: 1 }),
    ).rejects.toThrow('The node is stopping');
  });
});
