import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * Spec "Other" and "Versioning": the older /ext/service/v1 prefix (bill creates answer 02 and
 * resolve in the background; status with the key in the path; bill plans; betting without
 * phone) and the internal API (GET /plans/{network}, POST /transactions with `plan`).
 */

const EXT = '/ext/service/v1';
const CODE = 'LEGACY';
let t: TestNode;
let pair: Pair;
let merchantId: number;
let seq = 0;

beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant(CODE, { testNaira: 200_000 });
  pair = m.test;
  merchantId = m.id;
});
afterAll(() => closeAfterLedgerCheck(t));

const key = (p: string) => `${p}-${++seq}`;
const post = (path: string, body: Record<string, unknown>) =>
  t.call('POST', path, { pair, body: { merchant_code: CODE, ...body } });
const get = (path: string, p: Pair | null = pair) => t.call('GET', path, { pair: p });
const extStatus = (k: string) => get(`${EXT}/transactions/status/${encodeURIComponent(k)}`);
const balance = async () => (await get('/v1/wallet/balance')).json.total as string;
/** The catalog plan a purchase resolved to (data purchases carry the prefixed plan_code). */
const planIdOf = (k: string) =>
  (
    t.node.services.db
      .prepare('SELECT plan_id FROM purchases WHERE merchant_id = ? AND idem_key = ?')
      .get(merchantId, k) as { plan_id: string }
  ).plan_id;

describe(`${EXT}: bill creates answer 02, then resolve in the background`, () => {
  it.each([
    [
      'prepaid electricity',
      {
        product: 'ELECTRICITY',
        network: 'EKEDC',
        customer_msisdn: '10000000001',
        plan_code: '103',
        amount: '1000',
      },
      { token: '12345678901234567890' },
    ],
    [
      'postpaid electricity',
      {
        product: 'ELECTRICITY',
        network: 'AEDC',
        customer_msisdn: '10000000002',
        plan_code: '106',
        amount: '1000',
      },
      {},
    ],
    [
      'cable',
      {
        product: 'CABLE',
        network: 'STARTIMES',
        customer_msisdn: '10000000030',
        plan_code: '229',
        amount: '5500',
      },
      {},
    ],
    [
      'betting without phone',
      {
        product: 'BETTING',
        network: 'SPORTYBET',
        customer_msisdn: 'TESTBET001',
        plan_code: '302',
        amount: '700',
      },
      {},
    ],
  ])('%s', async (_name, body, extras) => {
    const k = key('ext-bill');
    const r = await post(`${EXT}/transactions`, { ...body, client_request_id: k });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ status: 'pending', response_code: '02', response_message: 'Pending' });
    expect(r.json.data).toMatchObject({
      request_id: k,
      product: body.product,
      msisdn: body.customer_msisdn,
      plan: body.plan_code,
      amount: body.amount,
    });
    expect(r.json.data).not.toHaveProperty('created_at');
    const done = await eventually(
      () => extStatus(k),
      (s) => s.json?.response_code !== '02',
    );
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      status: 'success',
      response_code: '00',
      response_message: 'Successful',
      data: { request_id: k, internal_reference: r.json.data.internal_reference, ...extras },
    });
    expect(done.json.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(done.json.data.merchant_name).toBe(`${CODE} Ltd`);
    if (body.customer_msisdn === '10000000002') expect(done.json.data).not.toHaveProperty('token');
  });

  it('the path-style status answers the same as the /v1 query-style status', async () => {
    const k = key('ext-same');
    await post(`${EXT}/transactions`, {
      product: 'CABLE',
      network: 'DSTV',
      customer_msisdn: '10000000010',
      plan_code: '201',
      amount: '4400',
      client_request_id: k,
    });
    const done = await eventually(
      () => extStatus(k),
      (s) => s.json?.response_code === '00',
    );
    expect((await get(`/v1/transactions/status?client_request_id=${k}`)).json).toEqual(done.json);
    expect((await get(`${EXT}/transactions/status?request_ref=${k}`)).json).toEqual(done.json);
  });

  it('an unknown key in the path is a 404', async () => {
    const r = await extStatus('never-used');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ status: 'error', code: 404, message: expect.any(String) });
  });

  it('a customer id the biller rejects is still a 400 on create, storing nothing', async () => {
    const k = key('ext-bad');
    const r = await post(`${EXT}/transactions`, {
      product: 'ELECTRICITY',
      network: 'EKEDC',
      customer_msisdn: '10000000003',
      plan_code: '103',
      amount: '1000',
      client_request_id: k,
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/meter/i);
    expect((await extStatus(k)).status).toBe(404);
  });

  it('validation is the same as on /v1 (bill amount, plan platform)', async () => {
    const a = await post(`${EXT}/transactions`, {
      product: 'CABLE',
      network: 'GOTV',
      customer_msisdn: '10000000020',
      plan_code: '218',
      amount: '5000',
      client_request_id: key('x'),
    });
    expect(a.status).toBe(400);
    const b = await post(`${EXT}/transactions`, {
      product: 'BETTING',
      network: 'BET9JA',
      customer_msisdn: 'TESTBET001',
      plan_code: '303',
      amount: '500',
      client_request_id: key('x'),
    });
    expect(b.status).toBe(400);
    expect(b.json.message).toMatch(/belongs to 1XBET/);
  });
});

describe(`${EXT}: the other operations`, () => {
  it('airtime async answers 02, airtime and data sync answer 00', async () => {
    const a = await post(`${EXT}/transactions/airtime/async`, {
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: key('ext-air'),
    });
    expect(a.json.response_code).toBe('02');
    const s = await post(`${EXT}/transactions/airtime/sync`, {
      network: 'glo',
      customer_msisdn: '08051234567',
      amount: '100',
      client_request_id: key('ext-air'),
    });
    expect(s.json).toMatchObject({ response_code: '00', data: { network: 'GLO' } });
    const d = await post(`${EXT}/transactions/data/sync`, {
      network: 'airtel',
      customer_msisdn: '08021234567',
      amount: '75',
      plan_code: '405',
      client_request_id: key('ext-data'),
    });
    expect(d.json).toMatchObject({ response_code: '00', data: { plan: '405', product: 'data' } });
  });

  it.each(['electricity', 'cable', 'betting'])('GET %s plans match the /v1 catalog', async (product) => {
    const r = await get(`${EXT}/plans/bills/${product}`);
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('2000');
    expect(r.json).toEqual((await get(`/v1/plans/bills/${product}`)).json);
  });

  it('verify works the same', async () => {
    const r = await post(`${EXT}/transactions/verify`, {
      customer_msisdn: 'TESTBET001',
      network: 'MERRYBET',
      product: 'BETTING',
      service_id: '307',
    });
    expect(r.status).toBe(200);
    expect(r.json.data.customer_username).toBeTruthy();
  });

  it('the list shows legacy purchases with the /v1 ones (one merchant, one history)', async () => {
    await eventually(
      () => get('/v1/transactions?status=2'),
      (r) => r.json.pagination.total === 0,
    );
    const r = await get(`${EXT}/transactions?limit=100`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual((await get('/v1/transactions?limit=100')).json);
  });

  it('needs the merchant headers', async () => {
    expect((await get(`${EXT}/transactions/status/anything`, null)).status).toBe(401);
  });
});

describe('internal API: GET /plans/{network}, POST /transactions with `plan`', () => {
  it.each(['mtn', 'glo', 'airtel', '9mobile'])('GET /plans/%s gives the /v1 rows', async (network) => {
    const r = await get(`/plans/${network}`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual((await get(`/v1/plans/${network}`)).json);
  });

  it('POST /transactions buys data with `plan`, answering 02 then settling', async () => {
    const k = key('int-data');
    const r = await post('/transactions', {
      product: 'data',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '75',
      plan: 'MTN-101',
      client_request_id: k,
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'pending',
      response_code: '02',
      data: { plan: 'MTN-101', network: 'MTN', request_id: k },
    });
    const done = await eventually(
      () => get(`/v1/transactions/status?client_request_id=${k}`),
      (s) => s.json?.response_code !== '02',
    );
    expect(done.json.response_code).toBe('00');
  });

  it.each([
    ['mtn', '42'],
    ['glo', 'DATA-11'],
    ['glo', '2001'],
    ['airtel', '3001'],
    ['airtel', '405'],
    ['9mobile', '4001'],
    ['mtn', 'MTN75MB1D'],
  ])('legacy plan forms resolve on %s: plan %s', async (network, plan) => {
    const k = key('int-legacy');
    const price = (await get(`/v1/plans/${network}`)).json.data[0].price as string;
    const r = await post('/transactions', {
      product: 'data',
      network,
      customer_msisdn: '08031234567',
      amount: price,
      plan,
      client_request_id: k,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.plan).toBe(plan);
    const first = (await get(`/v1/plans/${network}`)).json.data[0];
    expect(planIdOf(k)).toBe(first.plan_code);
  });

  it('a missing `plan` is a 400 naming `plan` (plan_code is not the field here)', async () => {
    const r = await post('/transactions', {
      product: 'data',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '75',
      plan_code: 'MTN-101',
      client_request_id: key('int-bad'),
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^plan is required/);
    const w = await post('/transactions', {
      product: 'data',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '75',
      plan: 'GLO-101',
      client_request_id: key('int-bad'),
    });
    expect(w.status).toBe(400);
    expect(w.json.message).toMatch(/^plan "GLO-101" belongs to GLO/);
  });

  it('buys a bill with `plan`, final on create as on /v1 (only the older prefix answers 02 first)', async () => {
    const k = key('int-bill');
    const r = await post('/transactions', {
      product: 'ELECTRICITY',
      network: 'BEDC',
      customer_msisdn: '10000000001',
      amount: '1900',
      plan: '117',
      client_request_id: k,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      status: 'success',
      response_code: '00',
      data: { plan: '117', product: 'ELECTRICITY', token: '12345678901234567890' },
    });
    expect(r.json.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const c = await post('/transactions', {
      product: 'CABLE',
      network: 'GOTV',
      customer_msisdn: '10000000020',
      amount: '1900',
      plan: '214',
      client_request_id: key('int-bill'),
    });
    expect(c.json).toMatchObject({ response_code: '00', data: { plan: '214', product: 'CABLE' } });
  });

  it('a bill `plan` of another platform is a 400 naming `plan`', async () => {
    const r = await post('/transactions', {
      product: 'BETTING',
      network: 'BET9JA',
      customer_msisdn: 'TESTBET001',
      amount: '500',
      plan: '302',
      client_request_id: key('int-bad'),
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^plan 302 belongs to SPORTYBET/);
  });

  it('uses the same merchant headers as /v1', async () => {
    expect((await get('/plans/mtn', null)).status).toBe(401);
    expect((await t.call('POST', '/transactions', { pair: null, body: {} })).status).toBe(401);
  });
});

describe('legacy data plan forms on /v1 resolve to the same plan as the prefixed code', () => {
  it.each([
    ['mtn', 'MTN-105', ['48', 'MTN1GB1D']],
    ['glo', 'GLO-105', ['2005', 'DATA-20', 'GLO1P5GB1D']],
    ['airtel', 'AIRTEL-105', ['3005', '415', 'AIRTEL1P5GB2D']],
    ['9mobile', '9MOBILE-105', ['4005', '9MOB1GB1D']],
  ])('%s %s', async (network, code, forms) => {
    const row = (await get(`/v1/plans/${network}`)).json.data.find(
      (p: { plan_code: string }) => p.plan_code === code,
    );
    const before = await balance();
    for (const form of [code, ...forms]) {
      const k = key('v1-legacy');
      const r = await post('/v1/transactions/data/sync', {
        network,
        customer_msisdn: '08031234567',
        amount: row.price,
        plan_code: form,
        client_request_id: k,
      });
      expect(r.status, `${form}: ${r.text}`).toBe(200);
      expect(r.json.data.plan).toBe(form);
      expect(planIdOf(k)).toBe(row.plan_code);
    }
    expect(Number(before) - Number(await balance())).toBeCloseTo(Number(row.price) * (forms.length + 1), 2);
  });
});
