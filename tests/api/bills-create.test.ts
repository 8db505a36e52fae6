import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { BETTING, DISCOS } from '../helpers/spec-bill-networks.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * Spec: bill creates on POST /v1/transactions are synchronous and final (never 02), and the
 * test-credential table: prepaid 10000000001 (fixed 20-digit token, units, customer_name),
 * postpaid 10000000002 (no token), cable 10000000010/20/30, betting TESTBET001.
 */

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const CABLE_IDS: Record<string, string> = {
  DSTV: '10000000010',
  GOTV: '10000000020',
  STARTIMES: '10000000030',
};
const CODE = 'BILLS';

let t: TestNode;
let pair: Pair;
let merchantId: number;
let seq = 0;
interface PlanRow {
  id: number;
  name: string;
  network: string;
  product: string;
  amount_type: string;
  price: string;
  meter_type?: string;
}
const plans: Record<string, PlanRow[]> = {};

beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant(CODE, { testNaira: 5_000_000 });
  pair = m.test;
  merchantId = m.id;
  for (const p of ['electricity', 'cable', 'betting'])
    plans[p] = (await t.call('GET', `/v1/plans/bills/${p}`, { pair })).json.data;
});
afterAll(() => closeAfterLedgerCheck(t));

const create = (
  product: string,
  network: string,
  id: string,
  plan: number | string,
  amount: string,
  over: Record<string, unknown> = {},
) => {
  const body = {
    merchant_code: CODE,
    customer_msisdn: id,
    network,
    product,
    amount,
    plan_code: String(plan),
    client_request_id: `bill-${++seq}`,
    ...over,
  };
  return t.call('POST', '/v1/transactions', { pair, body }).then((r) => ({ ...r, body }));
};
const status = (k: string) => t.call('GET', `/v1/transactions/status?client_request_id=${k}`, { pair });
const balanceKobo = async () =>
  Math.round(Number((await t.call('GET', '/v1/wallet/balance', { pair })).json.total) * 100);
const electricityPlan = (disco: string, meter: 'prepaid' | 'postpaid') =>
  plans.electricity.find((p) => p.network === disco && p.meter_type === meter)!;

function expectFinalSuccess(
  r: { status: number; json: any; text: string; body: Record<string, unknown> },
  product: string,
  network: string,
) {
  expect(r.status, r.text).toBe(200);
  expect(r.json).toMatchObject({ status: 'success', response_code: '00', response_message: 'Successful' });
  const d = r.json.data;
  expect(d).toMatchObject({
    msisdn: r.body.customer_msisdn,
    product,
    request_id: r.body.client_request_id,
    network: network.toUpperCase(), // DESIGN: echoed uppercase
    amount: r.body.amount,
    plan: r.body.plan_code,
    merchant_id: merchantId,
  });
  expect(d.created_at).toMatch(RFC3339);
  expect(d).not.toHaveProperty('updated_at');
}

describe('prepaid electricity: meter 10000000001 on any prepaid plan', () => {
  it.each(DISCOS)('%s: 00 with the fixed 20-digit token, units and customer_name', async (disco) => {
    const plan = electricityPlan(disco, 'prepaid');
    const r = await create('ELECTRICITY', disco, '10000000001', plan.id, '1500');
    expectFinalSuccess(r, 'ELECTRICITY', disco);
    expect(r.json.data.token).toMatch(/^\d{20}$/);
    expect(r.json.data.token).toBe('12345678901234567890');
    expect(typeof r.json.data.units).toBe('string');
    expect(Number(r.json.data.units)).toBeGreaterThan(0);
    expect(typeof r.json.data.customer_name).toBe('string');
    expect(r.json.data.customer_name.length).toBeGreaterThan(0);
    expect(r.json.data).not.toHaveProperty('payment_spent_on');
  });

  it('the token and units are on the status call too', async () => {
    const r = await create(
      'ELECTRICITY',
      'AEDC',
      '10000000001',
      electricityPlan('AEDC', 'prepaid').id,
      '2000',
    );
    const s = await status(r.body.client_request_id);
    expect(s.json.status).toBe('success');
    expect(s.json.data).toMatchObject({
      token: r.json.data.token,
      units: r.json.data.units,
      customer_name: r.json.data.customer_name,
    });
  });

  it('the purchase limits from verify are inclusive (500 and 500000)', async () => {
    const plan = electricityPlan('EKEDC', 'prepaid');
    expectFinalSuccess(
      await create('ELECTRICITY', 'EKEDC', '10000000001', plan.id, '500'),
      'ELECTRICITY',
      'EKEDC',
    );
    expectFinalSuccess(
      await create('ELECTRICITY', 'EKEDC', '10000000001', plan.id, '500000.00'),
      'ELECTRICITY',
      'EKEDC',
    );
  });

  it('a lowercase distribution company is accepted and echoed uppercase (DESIGN)', async () => {
    const r = await create(
      'ELECTRICITY',
      'ikeja electric',
      '10000000001',
      electricityPlan('Ikeja Electric', 'prepaid').id,
      '1000',
    );
    expect(r.status).toBe(200);
    expect(r.json.data.network).toBe('IKEJA ELECTRIC');
    const k = await create(
      'ELECTRICITY',
      'kaedco',
      '10000000001',
      electricityPlan('KAEDCO', 'prepaid').id,
      '1000',
    );
    expect(k.json.data.network).toBe('KAEDCO');
  });

  it('phone is optional and, when sent, must be a mobile number', async () => {
    const r = await create(
      'ELECTRICITY',
      'PHED',
      '10000000001',
      electricityPlan('PHED', 'prepaid').id,
      '1000',
      { phone: '2348031234567' },
    );
    expect(r.status).toBe(200);
    expect(r.json.data).not.toHaveProperty('phone');
  });
});

describe('postpaid electricity: meter 10000000002 on any postpaid plan', () => {
  it.each(DISCOS)('%s: 00, customer_name, no token', async (disco) => {
    const r = await create(
      'ELECTRICITY',
      disco,
      '10000000002',
      electricityPlan(disco, 'postpaid').id,
      '3000',
    );
    expectFinalSuccess(r, 'ELECTRICITY', disco);
    expect(r.json.data).not.toHaveProperty('token');
    expect(r.json.data).not.toHaveProperty('units');
    expect(r.json.data).not.toHaveProperty('kct1');
    expect(typeof r.json.data.customer_name).toBe('string');
    const s = await status(r.body.client_request_id);
    expect(s.json.data).not.toHaveProperty('token');
  });
});

describe('cable: 10000000010 DStv, 10000000020 GOtv, 10000000030 StarTimes', () => {
  it.each(Object.entries(CABLE_IDS))(
    '%s (%s): every bouquet at its price answers 00',
    async (network, id) => {
      const rows = plans.cable.filter((p) => p.network === network);
      expect(rows.length).toBeGreaterThan(0);
      for (const p of rows) {
        expect(p.amount_type).toBe('fixed');
        const r = await create('CABLE', network.toLowerCase(), id, p.id, p.price);
        expectFinalSuccess(r, 'CABLE', network);
      }
    },
  );
  it.each(Object.entries(CABLE_IDS))(
    "%s refuses the other platforms' test smartcards (400, nothing stored)",
    async (network) => {
      const plan = plans.cable.find((p) => p.network === network)!;
      for (const [other, id] of Object.entries(CABLE_IDS).filter(([n]) => n !== network)) {
        const r = await create('CABLE', network, id, plan.id, plan.price);
        expect(r.status, other).toBe(400);
        expect(r.json.status).toBe('error');
        expect((await status(r.body.client_request_id)).status).toBe(404);
      }
    },
  );
  it('the amount may be sent with or without kobo', async () => {
    expect((await create('CABLE', 'GOTV', '10000000020', 214, '1900')).status).toBe(200);
    expect((await create('CABLE', 'GOTV', '10000000020', 214, '1900.00')).status).toBe(200);
  });
  it('the plan id may be a JSON integer; any other type is a 400 saying what to send, nothing stored', async () => {
    expect((await create('CABLE', 'GOTV', '10000000020', 214, '1900', { plan_code: 214 })).status).toBe(200);
    for (const plan_code of [{ a: 1 }, true, 214.5, [214]]) {
      const r = await create('CABLE', 'GOTV', '10000000020', 214, '1900', { plan_code });
      expect(r.status, JSON.stringify(plan_code)).toBe(400);
      expect(r.json.message).toBe('plan_code must be a string or a whole number');
      expect((await status(r.body.client_request_id)).status).toBe(404);
    }
    const missing = await create('CABLE', 'GOTV', '10000000020', 214, '1900', { plan_code: null });
    expect(missing.json.message).toMatch(/plan_code/);
  });
});

describe('betting: TESTBET001 with the customer phone on /v1', () => {
  it.each(BETTING)('%s: 00', async (platform) => {
    const plan = plans.betting.find((p) => p.network === platform)!;
    const r = await create('BETTING', platform, 'TESTBET001', plan.id, '1000', { phone: '08031234567' });
    expectFinalSuccess(r, 'BETTING', platform);
  });
  it('phone may be in 234 form', async () => {
    expect(
      (await create('BETTING', 'BET9JA', 'TESTBET001', 301, '100', { phone: '2348031234567' })).status,
    ).toBe(200);
  });
  it('the test id in lower case is sold too, and kept as it was sent', async () => {
    const r = await create('BETTING', 'SPORTYBET', 'testbet001', 302, '500', { phone: '08031234567' });
    expectFinalSuccess(r, 'BETTING', 'SPORTYBET');
    expect(r.json.data.msisdn).toBe('testbet001');
  });
  it('another betting id is rejected by the biller: 400 naming the platform as people write it, nothing stored', async () => {
    const r = await create('BETTING', 'SPORTYBET', 'NOTATEST', 302, '100', { phone: '08031234567' });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Invalid SportyBet customer id NOTATEST (test id: TESTBET001)');
    expect((await status(r.body.client_request_id)).status).toBe(404);
  });
});

describe('money', () => {
  it('each bill debits exactly its amount, once', async () => {
    const before = await balanceKobo();
    await create('CABLE', 'DSTV', '10000000010', 204, '19000');
    await create('ELECTRICITY', 'JED', '10000000001', electricityPlan('JED', 'prepaid').id, '1234.56');
    await create('BETTING', 'BANGBET', 'TESTBET001', 308, '250.50', { phone: '08031234567' });
    expect(before - (await balanceKobo())).toBe(1_900_000 + 123_456 + 25_050);
  });

  it('every stored bill is final: none is pending', async () => {
    const pending = (await t.call('GET', '/v1/transactions?status=2', { pair })).json.pagination.total;
    expect(pending).toBe(0);
  });
});
