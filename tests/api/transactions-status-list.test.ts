import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import type { SimulatorOptions } from '../../server/upstreams/simulator.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/** Spec: GET /v1/transactions/status (three aliases) and GET /v1/transactions (pagination, filters). */

const SQL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const CODE = 'TXLIST';
const sim: SimulatorOptions = {};
let t: TestNode;
let pair: Pair;
let livePair: Pair;
let merchantId: number;
/** Request ids in creation order, with what each became. */
const made: { key: string; network: string; msisdn: string; state: 'success' | 'failed' | 'pending' }[] = [];

const body = (k: string, network: string, msisdn: string) => ({
  merchant_code: CODE,
  customer_msisdn: msisdn,
  network,
  amount: '100',
  client_request_id: k,
});
const get = (path: string, p: Pair | null = pair) => t.call('GET', path, { pair: p });
const list = (query = '') => get(`/v1/transactions${query}`);

beforeAll(async () => {
  t = await startTestNode({}, { simulator: sim });
  const m = t.merchant(CODE, { testNaira: 100_000, allowIps: ['127.0.0.1'] });
  pair = m.test;
  livePair = m.live;
  merchantId = m.id;
  const sync = async (k: string, network: string, msisdn: string, state: 'success' | 'failed') => {
    const r = await t.call('POST', '/v1/transactions/airtime/sync', { pair, body: body(k, network, msisdn) });
    expect(r.json.status).toBe(state);
    made.push({ key: k, network: network.toUpperCase(), msisdn, state });
  };
  for (let i = 1; i <= 5; i++) await sync(`mtn-${i}`, 'mtn', '08031234567', 'success');
  for (let i = 1; i <= 3; i++) await sync(`glo-${i}`, 'GLO', '2348051234567', 'success');
  sim.failureRate = 1;
  for (let i = 1; i <= 2; i++) await sync(`airtel-${i}`, 'airtel', '08021234567', 'failed');
  sim.failureRate = 0;
  sim.pendingRate = 1; // stays pending: no poller runs in this node
  for (let i = 1; i <= 2; i++) {
    const k = `9mobile-${i}`;
    const r = await t.call('POST', '/v1/transactions', {
      pair,
      body: { ...body(k, '9mobile', '08091234567'), product: 'airtime' },
    });
    expect(r.json.response_code).toBe('02');
    made.push({ key: k, network: '9MOBILE', msisdn: '08091234567', state: 'pending' });
    await eventually(
      async () =>
        (
          t.node.services.db
            .prepare(
              `SELECT j.state FROM vend_jobs j JOIN purchases p ON p.id = j.purchase_id WHERE p.idem_key = ?`,
            )
            .get(k) as { state: string }
        ).state,
      (s) => s === 'polling',
    );
  }
  sim.pendingRate = 0;
  // Another merchant's purchase never shows up here.
  const other = await t.call('POST', '/v1/transactions/airtime/sync', {
    body: { ...body('other-1', 'mtn', '08031234567'), merchant_code: 'DEMO' },
  });
  expect(other.status).toBe(200);
});
afterAll(() => closeAfterLedgerCheck(t));

describe('GET /v1/transactions/status', () => {
  it.each(['client_request_id', 'request_id', 'request_ref'])('?%s= finds the transaction', async (param) => {
    const r = await get(`/v1/transactions/status?${param}=mtn-1`);
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('success');
    expect(r.json.data.request_id).toBe('mtn-1');
  });

  it.each(['client_request_id', 'request_id', 'request_ref'])(
    'a key never used, asked for as ?%s=, is a 404 naming the key as it was sent',
    async (param) => {
      const r = await get(`/v1/transactions/status?${param}=never-used-1`);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({
        status: 'error',
        code: 404,
        message: `No transaction with ${param} "never-used-1"`,
      });
    },
  );

  it('every alias answers the same envelope', async () => {
    const [a, b, c] = await Promise.all(
      ['client_request_id', 'request_id', 'request_ref'].map((p) =>
        get(`/v1/transactions/status?${p}=glo-2`),
      ),
    );
    expect(b.json).toEqual(a.json);
    expect(c.json).toEqual(a.json);
  });

  it('answers the create envelope plus merchant_name, created_at and updated_at', async () => {
    const r = await get('/v1/transactions/status?client_request_id=glo-1');
    expect(Object.keys(r.json).sort()).toEqual(['data', 'response_code', 'response_message', 'status']);
    expect(r.json).toMatchObject({ status: 'success', response_code: '00', response_message: 'Successful' });
    const d = r.json.data;
    expect(d).toMatchObject({
      msisdn: '2348051234567',
      product: 'airtime',
      request_id: 'glo-1',
      network: 'GLO',
      amount: '100',
      plan: '',
      merchant_id: merchantId,
      merchant_name: `${CODE} Ltd`,
    });
    expect(d.created_at).toMatch(SQL_TIME);
    expect(d.updated_at).toMatch(SQL_TIME);
    expect(d.updated_at >= d.created_at).toBe(true);
    expect(typeof d.internal_reference).toBe('string');
  });

  it('a failed transaction carries request_id and internal_reference', async () => {
    const r = await get('/v1/transactions/status?request_id=airtel-1');
    expect(r.json).toMatchObject({ status: 'failed', response_code: '01', response_message: 'Failed' });
    expect(r.json.data.request_id).toBe('airtel-1');
    expect(r.json.data.internal_reference).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a pending transaction answers 02 with its timestamps', async () => {
    const r = await get('/v1/transactions/status?request_ref=9mobile-1');
    expect(r.json).toMatchObject({ status: 'pending', response_code: '02', response_message: 'Pending' });
    expect(r.json.data.created_at).toMatch(SQL_TIME);
    expect(r.json.data.updated_at).toMatch(SQL_TIME);
  });

  it('without any of the three parameters: 400 saying one of them is required', async () => {
    for (const q of ['', '?', '?client_request_id=', '?request_id=&request_ref=', '?key=mtn-1']) {
      const r = await get(`/v1/transactions/status${q}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        status: 'error',
        code: 400,
        message: 'one of client_request_id, request_id or request_ref is required',
      });
    }
  });

  it('two aliases with different keys are a 400, not a guess; the same key under two names is found', async () => {
    for (const q of [
      'client_request_id=glo-1&request_id=mtn-1',
      'request_id=glo-1&request_ref=mtn-1',
      'client_request_id=glo-1&request_ref=never-used',
    ]) {
      const r = await get(`/v1/transactions/status?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.message).toBe(
        'client_request_id, request_id and request_ref name the same key: send one, or the same value in each',
      );
    }
    const same = await get(
      '/v1/transactions/status?client_request_id=glo-1&request_id=glo-1&request_ref=glo-1',
    );
    expect(same.status).toBe(200);
    expect(same.json.data.request_id).toBe('glo-1');
  });

  it('an unknown key is a 404 error body', async () => {
    const r = await get('/v1/transactions/status?client_request_id=never-used');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ status: 'error', code: 404, message: expect.any(String) });
  });

  it("another merchant's key is not found, and none of its data is shown", async () => {
    const r = await get('/v1/transactions/status?client_request_id=other-1');
    expect(r.status).toBe(404);
    expect(r.json.data).toBeUndefined();
    expect(r.text).not.toMatch(/DEMO|Demo Merchant/);
  });

  it('test keys are not visible to the live pair (separate worlds)', async () => {
    const r = await get('/v1/transactions/status?client_request_id=mtn-1', livePair);
    expect(r.status).toBe(404);
    const l = await get('/v1/transactions', livePair);
    expect(l.status).toBe(200);
    expect(l.json.pagination.total).toBe(0);
  });

  it('the key travels as a query parameter, not in the path, on /v1', async () => {
    const r = await get('/v1/transactions/status/mtn-1');
    expect(r.status).toBe(404);
  });
});

describe('GET /v1/transactions', () => {
  const newestFirst = () => [...made].reverse().map((m) => m.key);

  it('defaults to page 1 of 10, newest first, with the pagination object', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['data', 'pagination', 'status']);
    expect(r.json.status).toBe('success');
    expect(r.json.pagination).toEqual({ total: 12, page: 1, size: 10, total_pages: 2 });
    expect(r.json.data.map((d: { request_id: string }) => d.request_id)).toEqual(newestFirst().slice(0, 10));
  });

  it('page 2 holds the rest', async () => {
    const r = await list('?page=2');
    expect(r.json.pagination).toEqual({ total: 12, page: 2, size: 10, total_pages: 2 });
    expect(r.json.data.map((d: { request_id: string }) => d.request_id)).toEqual(newestFirst().slice(10));
  });

  it('limit sets the page size', async () => {
    const r = await list('?limit=5&page=3');
    expect(r.json.pagination).toEqual({ total: 12, page: 3, size: 5, total_pages: 3 });
    expect(r.json.data).toHaveLength(2);
    const all = await list('?limit=100');
    expect(all.json.data).toHaveLength(12);
  });

  it('a page past the end is empty, with the true total', async () => {
    const r = await list('?limit=5&page=4');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual([]);
    expect(r.json.pagination).toEqual({ total: 12, page: 4, size: 5, total_pages: 3 });
  });

  it('each row has the same fields as the status data', async () => {
    const r = await list('?limit=100');
    for (const row of r.json.data) {
      const s = await get(`/v1/transactions/status?client_request_id=${row.request_id}`);
      expect(row).toEqual(s.json.data);
      expect(row.created_at).toMatch(SQL_TIME);
      expect(row.updated_at).toMatch(SQL_TIME);
      expect(row.merchant_name).toBe(`${CODE} Ltd`);
      expect(Number.isInteger(row.merchant_id)).toBe(true);
    }
  });

  it('msisdn filters by subscriber', async () => {
    const r = await list('?msisdn=08031234567');
    expect(r.json.pagination.total).toBe(5);
    expect(r.json.data.every((d: { msisdn: string }) => d.msisdn === '08031234567')).toBe(true);
    expect((await list('?msisdn=08000000000')).json.pagination.total).toBe(0);
  });

  it.each([
    ['mtn', 5],
    ['MTN', 5],
    ['Glo', 3],
    ['AIRTEL', 2],
    ['9mobile', 2],
  ])('network=%s filters case-insensitively (%i rows)', async (network, n) => {
    const r = await list(`?network=${network}&limit=100`);
    expect(r.json.pagination.total).toBe(n);
    expect(r.json.data.every((d: { network: string }) => d.network === network.toUpperCase())).toBe(true);
  });

  it.each([
    ['0', 'success', 8],
    ['1', 'failed', 2],
    ['2', 'pending', 2],
    ['00', 'success', 8],
    ['02', 'pending', 2],
  ])('status=%s lists the %s rows', async (code, state, n) => {
    const r = await list(`?status=${code}&limit=100`);
    expect(r.status).toBe(200);
    expect(r.json.pagination.total).toBe(n);
    expect(
      r.json.data.every(
        (d: { request_id: string }) => made.find((m) => m.key === d.request_id)?.state === state,
      ),
    ).toBe(true);
  });

  it('filters combine', async () => {
    const r = await list('?network=airtel&status=1&msisdn=08021234567');
    expect(r.json.data.map((d: { request_id: string }) => d.request_id)).toEqual(['airtel-2', 'airtel-1']);
    expect((await list('?network=mtn&status=1')).json.pagination.total).toBe(0);
  });

  it.each([
    'page=0',
    'page=abc',
    'page=-1',
    'limit=0',
    'limit=x',
    'limit=1000',
    'status=3',
    'status=success',
    'status=-1',
  ])('?%s is a 400', async (q) => {
    const r = await list(`?${q}`);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      status: 'error',
      code: 400,
      message: expect.stringMatching(/page|limit|status/),
    });
  });

  it('needs credentials', async () => {
    expect((await get('/v1/transactions', null)).status).toBe(401);
    expect((await get('/v1/transactions/status?client_request_id=mtn-1', null)).status).toBe(401);
  });
});
