import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import type { SimulatorOptions } from '../../server/upstreams/simulator.js';

/**
 * Spec "Endpoints / Transactions" and "States and transitions / Transaction": every create
 * route, the envelope and `data` fields per view, and each state transition.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const SQL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let seq = 0;
const key = (p: string) => `${p}-${process.pid}-${++seq}`;

interface Ctx {
  t: TestNode;
  pair: Pair;
  id: number;
  code: string;
}

async function node(
  code: string,
  naira: number,
  hooks: Parameters<typeof startTestNode>[1] = {},
  overrides: Parameters<typeof startTestNode>[0] = {},
): Promise<Ctx> {
  const t = await startTestNode(overrides, hooks);
  const m = t.merchant(code, { testNaira: naira });
  return { t, pair: m.test, id: m.id, code };
}
async function closeChecked(c: Ctx | undefined) {
  if (!c) return;
  try {
    expect(c.t.ledgerOk()).toBe(true);
  } finally {
    await c.t.close();
  }
}
const airtime = (c: Ctx, over: Record<string, unknown> = {}) => ({
  merchant_code: c.code,
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: key('air'),
  ...over,
});
const data = (c: Ctx, over: Record<string, unknown> = {}) => ({
  merchant_code: c.code,
  customer_msisdn: '2348051234567',
  network: 'glo',
  product: 'data',
  amount: '500',
  plan_code: 'GLO-105',
  client_request_id: key('data'),
  ...over,
});
const post = (c: Ctx, path: string, body: unknown) => c.t.call('POST', path, { pair: c.pair, body });
const status = (c: Ctx, k: string) =>
  c.t.call('GET', `/v1/transactions/status?client_request_id=${encodeURIComponent(k)}`, { pair: c.pair });
const balance = async (c: Ctx) =>
  (await c.t.call('GET', '/v1/wallet/balance', { pair: c.pair })).json.total as string;
const finalStatus = (c: Ctx, k: string) =>
  eventually(
    () => status(c, k),
    (r) => r.json?.response_code !== '02',
  );

/** The fields every create/status `data` carries, with the spec's types. */
function expectCoreData(
  d: Record<string, unknown>,
  c: Ctx,
  sent: Record<string, unknown>,
  product: string,
  network: string,
) {
  expect(d.internal_reference).toMatch(UUID);
  expect(d.msisdn).toBe(sent.customer_msisdn);
  expect(d.product).toBe(product);
  expect(d.request_id).toBe(sent.client_request_id);
  expect(d.network).toBe(network);
  expect(d.amount).toBe(sent.amount);
  expect(typeof d.plan).toBe('string');
  expect(d.merchant_id).toBe(c.id);
  expect(Number.isInteger(d.merchant_id)).toBe(true);
}

describe('async creates answer 02 at once, then settle in the background', () => {
  let c: Ctx;
  beforeAll(async () => {
    c = await node('TXASYNC', 50_000);
  });
  afterAll(() => closeChecked(c));

  it('POST /v1/transactions with airtime: HTTP 200, pending 02, stored and queued', async () => {
    const body = airtime(c);
    const r = await post(c, '/v1/transactions', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'pending', response_code: '02', response_message: 'Pending' });
    expect(Object.keys(r.json).sort()).toEqual(['data', 'response_code', 'response_message', 'status']);
    expectCoreData(r.json.data, c, body, 'airtime', 'MTN');
    expect(r.json.data.plan).toBe('');
    // The immediate async answer has no timestamps and no merchant_name.
    expect(r.json.data).not.toHaveProperty('created_at');
    expect(r.json.data).not.toHaveProperty('updated_at');
    expect(r.json.data).not.toHaveProperty('merchant_name');

    const done = await finalStatus(c, body.client_request_id);
    expect(done.json).toMatchObject({
      status: 'success',
      response_code: '00',
      response_message: 'Successful',
    });
    expect(done.json.data.internal_reference).toBe(r.json.data.internal_reference);
  });

  it('POST /v1/transactions with data: pending 02 with the plan echoed', async () => {
    const body = data(c);
    const r = await post(c, '/v1/transactions', body);
    expect(r.status).toBe(200);
    expect(r.json.response_code).toBe('02');
    expectCoreData(r.json.data, c, body, 'data', 'GLO');
    expect(r.json.data.plan).toBe('GLO-105');
    expect(r.json.data).not.toHaveProperty('created_at');
    expect((await finalStatus(c, body.client_request_id)).json.response_code).toBe('00');
  });

  it('POST /v1/transactions/airtime/async forces product airtime and answers 02', async () => {
    const { product: _omit, ...body } = airtime(c, { network: 'AIRTEL', customer_msisdn: '09021234567' });
    const r = await post(c, '/v1/transactions/airtime/async', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'pending', response_code: '02' });
    expectCoreData(r.json.data, c, body, 'airtime', 'AIRTEL');
    expect(r.json.data).not.toHaveProperty('created_at');
  });

  it('POST /v1/transactions/data/async forces product data and answers 02', async () => {
    const { product: _omit, ...body } = data(c, {
      network: '9mobile',
      plan_code: '9MOBILE-101',
      amount: '100.00',
      customer_msisdn: '08091234567',
    });
    const r = await post(c, '/v1/transactions/data/async', body);
    expect(r.status).toBe(200);
    expect(r.json.response_code).toBe('02');
    expectCoreData(r.json.data, c, body, 'data', '9MOBILE');
    expect(r.json.data.plan).toBe('9MOBILE-101');
  });

  it('the async debit is taken at create: the wallet shows it before the outcome is known', async () => {
    const before = Number(await balance(c));
    const body = airtime(c, { amount: '250' });
    await post(c, '/v1/transactions', body);
    expect(Number(await balance(c))).toBe(before - 250);
    await finalStatus(c, body.client_request_id);
    expect(Number(await balance(c))).toBe(before - 250);
  });

  it('a number whose prefix belongs to another network is accepted (numbers are ported)', async () => {
    const r = await post(
      c,
      '/v1/transactions',
      airtime(c, { network: 'airtel', customer_msisdn: '08031234567' }),
    );
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ network: 'AIRTEL', msisdn: '08031234567' });
  });

  it('data.network is echoed uppercase for each telco sent lowercase', async () => {
    for (const [network, msisdn] of [
      ['mtn', '08031234567'],
      ['glo', '08051234567'],
      ['airtel', '08021234567'],
      ['9mobile', '08091234567'],
    ]) {
      const r = await post(c, '/v1/transactions', airtime(c, { network, customer_msisdn: msisdn }));
      expect(r.status).toBe(200);
      expect(r.json.data.network).toBe(network.toUpperCase());
    }
  });
});

describe('sync creates answer the final outcome', () => {
  let c: Ctx;
  beforeAll(async () => {
    c = await node('TXSYNC', 50_000);
  });
  afterAll(() => closeChecked(c));

  it('POST /v1/transactions/airtime/sync: 00 with created_at in RFC 3339 and the telco fields', async () => {
    const { product: _omit, ...body } = airtime(c, { customer_msisdn: '2348031234567', amount: '100.50' });
    const r = await post(c, '/v1/transactions/airtime/sync', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', response_code: '00', response_message: 'Successful' });
    expectCoreData(r.json.data, c, body, 'airtime', 'MTN');
    expect(r.json.data.amount).toBe('100.50');
    expect(r.json.data.created_at).toMatch(RFC3339);
    expect(r.json.data).not.toHaveProperty('updated_at');
    expect(typeof r.json.data.external_reference).toBe('string');
    expect(typeof r.json.data.telco_message).toBe('string');
  });

  it('POST /v1/transactions/data/sync: 00 with the plan echoed', async () => {
    const { product: _omit, ...body } = data(c, {
      network: 'MTN',
      plan_code: 'MTN-101',
      amount: '75',
      customer_msisdn: '08031234567',
    });
    const r = await post(c, '/v1/transactions/data/sync', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', response_code: '00' });
    expectCoreData(r.json.data, c, body, 'data', 'MTN');
    expect(r.json.data.plan).toBe('MTN-101');
    expect(r.json.data.created_at).toMatch(RFC3339);
  });

  it('a sync route accepts the product it forces when the body names it', async () => {
    const r = await post(c, '/v1/transactions/airtime/sync', airtime(c));
    expect(r.status).toBe(200);
    expect(r.json.data.product).toBe('airtime');
  });

  it('a sync route refuses a body naming another product (400), storing nothing', async () => {
    const body = airtime(c, { product: 'data' });
    const r = await post(c, '/v1/transactions/airtime/sync', body);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(/product/) });
    expect((await status(c, body.client_request_id)).status).toBe(404);
  });

  it('the sync created_at is the same instant the status call shows in its own format', async () => {
    const body = airtime(c);
    const r = await post(c, '/v1/transactions/airtime/sync', body);
    const s = await status(c, body.client_request_id);
    expect(s.json.data.created_at).toMatch(SQL_TIME);
    expect(s.json.data.created_at.replace(' ', 'T') + 'Z').toBe(r.json.data.created_at);
  });

  it('each data plan of the list can be bought at its listed price', async () => {
    for (const network of ['mtn', 'glo', 'airtel', '9mobile']) {
      const plans = await c.t.call('GET', `/v1/plans/${network}`, { pair: c.pair });
      const p = plans.json.data[0];
      const r = await post(
        c,
        '/v1/transactions/data/sync',
        data(c, { network, plan_code: p.plan_code, amount: p.price, product: undefined }),
      );
      expect(r.status).toBe(200);
      expect(r.json.response_code).toBe('00');
    }
  });
});

describe('a sync create may still show 02 when the outcome is not known in time', () => {
  let c: Ctx;
  beforeAll(async () => {
    // The simulated telco takes longer than the sync wait: the envelope shows pending.
    c = await node('TXSLOW', 10_000, { simulator: { latencyMs: 1_500 } }, { syncTimeoutMs: 50 });
  });
  afterAll(() => closeChecked(c));

  it('answers 02 with the sync created_at, then settles to 00 on status', async () => {
    const body = airtime(c);
    const r = await post(c, '/v1/transactions/airtime/sync', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'pending', response_code: '02', response_message: 'Pending' });
    expect(r.json.data.created_at).toMatch(RFC3339);
    const done = await finalStatus(c, body.client_request_id);
    expect(done.json.response_code).toBe('00');
  });

  it('a bill answers 02 only when its outcome is still unknown as the wait ends, then settles', async () => {
    const body = {
      merchant_code: c.code,
      customer_msisdn: 'TESTBET001',
      network: 'NAIRABET',
      product: 'BETTING',
      amount: '100',
      plan_code: '306',
      phone: '08031234567',
      client_request_id: key('slow-bet'),
    };
    const r = await post(c, '/v1/transactions', body);
    expect(r.status).toBe(200);
    expect(r.json.response_code).toBe('02');
    expect(r.json.data.created_at).toMatch(RFC3339);
    expect((await finalStatus(c, body.client_request_id)).json.response_code).toBe('00');
  });
});

describe('pending -> success | failed by background processing (status and list show it)', () => {
  let c: Ctx;
  let offset = 0;
  const sim: SimulatorOptions = { pendingRate: 1, pendingForMs: 0 };
  beforeAll(async () => {
    // Every vend answers pending first; the requery (the "telco status check") settles it.
    c = await node('TXPEND', 1_000, { simulator: sim, now: () => Date.now() + offset });
  });
  afterAll(() => closeChecked(c));

  const jobState = (ref: string) =>
    (
      c.t.node.services.db
        .prepare(
          'SELECT j.state FROM vend_jobs j JOIN purchases p ON p.id = j.purchase_id WHERE p.internal_reference = ?',
        )
        .get(ref) as { state: string }
    ).state;
  const listRow = async (k: string) =>
    (
      (await c.t.call('GET', '/v1/transactions?limit=100', { pair: c.pair })).json.data as {
        request_id: string;
      }[]
    ).find((r) => r.request_id === k) as Record<string, string>;

  async function pendingPurchase() {
    const body = airtime(c);
    const r = await post(c, '/v1/transactions', body);
    expect(r.json.response_code).toBe('02');
    const ref = r.json.data.internal_reference as string;
    await eventually(
      async () => jobState(ref),
      (s) => s === 'polling',
    );
    const s = await status(c, body.client_request_id);
    expect(s.json).toMatchObject({ status: 'pending', response_code: '02', response_message: 'Pending' });
    expect(s.json.data.created_at).toMatch(SQL_TIME);
    expect(s.json.data.updated_at).toBe(s.json.data.created_at);
    expect((await listRow(body.client_request_id)).updated_at).toBe(s.json.data.updated_at);
    // updated_at has one-second resolution: let the clock move past created_at.
    await new Promise((r) => setTimeout(r, 1_100));
    return { body, ref, createdAt: s.json.data.created_at as string };
  }
  async function requeryNow() {
    offset += 3_600_000; // the requery is due
    await c.t.node.services.worker.pollDue();
  }

  it('pending -> success: updated_at changes, on status and list', async () => {
    sim.failureRate = 0;
    const { body, createdAt } = await pendingPurchase();
    await requeryNow();
    const s = await status(c, body.client_request_id);
    expect(s.json).toMatchObject({ status: 'success', response_code: '00' });
    expect(s.json.data.created_at).toBe(createdAt);
    expect(s.json.data.updated_at).toMatch(SQL_TIME);
    expect(s.json.data.updated_at > createdAt).toBe(true);
    const row = await listRow(body.client_request_id);
    expect(row).toMatchObject({ updated_at: s.json.data.updated_at, created_at: createdAt });
    expect(await balance(c)).toBe('900.00');
  });

  it('pending -> failed: 01, refunded once, updated_at changes', async () => {
    const { body, ref, createdAt } = await pendingPurchase();
    expect(await balance(c)).toBe('800.00');
    sim.failureRate = 1; // the telco now reports the purchase failed
    await requeryNow();
    const s = await status(c, body.client_request_id);
    expect(s.json).toMatchObject({ status: 'failed', response_code: '01', response_message: 'Failed' });
    expect(s.json.data).toMatchObject({ request_id: body.client_request_id, internal_reference: ref });
    expect(s.json.data.updated_at > createdAt).toBe(true);
    expect(await balance(c)).toBe('900.00');
    // Asking again changes nothing: one refund only.
    await requeryNow();
    await c.t.node.services.worker.requery(
      (
        c.t.node.services.db.prepare('SELECT id FROM purchases WHERE internal_reference = ?').get(ref) as {
          id: number;
        }
      ).id,
    );
    expect(await balance(c)).toBe('900.00');
    const refunds = c.t.node.services.db
      .prepare(
        `SELECT COUNT(*) AS n FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id WHERE p.internal_reference = ? AND l.kind = 'refund'`,
      )
      .get(ref) as { n: number };
    expect(refunds.n).toBe(1);
    sim.failureRate = 0;
  });
});

describe('a failed purchase is answered 01 and refunded once', () => {
  let c: Ctx;
  beforeAll(async () => {
    c = await node('TXFAIL', 100_000, { simulator: { failureRate: 1 } });
  });
  afterAll(() => closeChecked(c));

  const refundsOf = (ref: string) =>
    c.t.node.services.db
      .prepare(
        `SELECT l.kind, l.amount_kobo FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id WHERE p.internal_reference = ? ORDER BY l.id`,
      )
      .all(ref) as { kind: string; amount_kobo: number }[];

  it('sync airtime: HTTP 200, failed 01 Failed, data has request_id and internal_reference; wallet restored', async () => {
    const { product: _omit, ...body } = airtime(c, { amount: '300' });
    const r = await post(c, '/v1/transactions/airtime/sync', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'failed', response_code: '01', response_message: 'Failed' });
    expect(r.json.data.request_id).toBe(body.client_request_id);
    expect(r.json.data.internal_reference).toMatch(UUID);
    expect(r.json.data).not.toHaveProperty('external_reference');
    expect(await balance(c)).toBe('100000.00');
    expect(refundsOf(r.json.data.internal_reference)).toEqual([
      { kind: 'debit', amount_kobo: -30_000 },
      { kind: 'refund', amount_kobo: 30_000 },
    ]);
    const s = await status(c, body.client_request_id);
    expect(s.json).toMatchObject({
      status: 'failed',
      response_code: '01',
      data: { request_id: body.client_request_id, internal_reference: r.json.data.internal_reference },
    });
  });

  it('async data: 02 first, then 01 on status, refunded once', async () => {
    const body = data(c);
    const r = await post(c, '/v1/transactions', body);
    expect(r.json.response_code).toBe('02');
    const done = await finalStatus(c, body.client_request_id);
    expect(done.json).toMatchObject({ status: 'failed', response_code: '01' });
    expect(await balance(c)).toBe('100000.00');
    expect(refundsOf(r.json.data.internal_reference).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });

  it('a bill failing at the biller is final on create (01, never 02) and refunded', async () => {
    const body = {
      merchant_code: c.code,
      customer_msisdn: '10000000010',
      network: 'DSTV',
      product: 'CABLE',
      amount: '19000',
      plan_code: '204',
      client_request_id: key('cable'),
    };
    const r = await post(c, '/v1/transactions', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'failed', response_code: '01', response_message: 'Failed' });
    expect(r.json.data.created_at).toMatch(RFC3339);
    expect(await balance(c)).toBe('100000.00');
    expect(refundsOf(r.json.data.internal_reference).map((e) => e.kind)).toEqual(['debit', 'refund']);
  });
});
