import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * Issue 3 "Validation": every bad input is a 400 with the spec's error body, a message naming
 * the field, and stores nothing (no purchase, no debit, the key stays free).
 */

let t: TestNode;
let pair: Pair;
let merchantId: number;
const CODE = 'TXVAL';
let seq = 0;
const key = () => `val-${++seq}`;

beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant(CODE, { testNaira: 1_000_000 });
  pair = m.test;
  merchantId = m.id;
});
afterAll(() => closeAfterLedgerCheck(t));

const stored = () =>
  (
    t.node.services.db
      .prepare('SELECT COUNT(*) AS n FROM purchases WHERE merchant_id = ?')
      .get(merchantId) as { n: number }
  ).n;
const ledger = () =>
  (t.node.services.db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;

const airtime = (over: Record<string, unknown> = {}) => ({
  merchant_code: CODE,
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: key(),
  ...over,
});
const dataBody = (over: Record<string, unknown> = {}) =>
  airtime({ product: 'data', plan_code: 'MTN-101', amount: '75', ...over });
const bill = (
  product: string,
  network: string,
  id: string,
  plan: string,
  amount: string,
  over: Record<string, unknown> = {},
) => airtime({ product, network, customer_msisdn: id, plan_code: plan, amount, ...over });
const electricity = (over: Record<string, unknown> = {}) =>
  bill('ELECTRICITY', 'EKEDC', '10000000001', '103', '1000', over);
const cable = (over: Record<string, unknown> = {}) =>
  bill('CABLE', 'DSTV', '10000000010', '204', '19000', over);
const betting = (over: Record<string, unknown> = {}) =>
  bill('BETTING', 'BET9JA', 'TESTBET001', '301', '500', { phone: '08031234567', ...over });
const without = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};

/** Posts a bad request and proves the 400 body, the named field and that nothing changed. */
async function refused(path: string, body: unknown, message: RegExp, opts: { rawBody?: string } = {}) {
  const [purchases, entries, balance] = [
    stored(),
    ledger(),
    (await t.call('GET', '/v1/wallet/balance', { pair })).json.total,
  ];
  const r = await t.call(
    'POST',
    path,
    opts.rawBody !== undefined ? { pair, rawBody: opts.rawBody } : { pair, body },
  );
  expect(r.status, r.text).toBe(400);
  expect(r.json).toEqual({ status: 'error', code: 400, message: expect.any(String) });
  expect(r.json.message).toMatch(message);
  expect(stored()).toBe(purchases);
  expect(ledger()).toBe(entries);
  expect((await t.call('GET', '/v1/wallet/balance', { pair })).json.total).toBe(balance);
  const k = (body as { client_request_id?: unknown } | null)?.client_request_id;
  if (typeof k === 'string' && k) {
    // The key was not consumed: status does not know it (a key no create takes, with a space or
    // an accent, is refused by the lookup as by the create).
    expect(
      (await t.call('GET', `/v1/transactions/status?client_request_id=${encodeURIComponent(k)}`, { pair }))
        .status,
    ).toBe(/^[\x21-\x7e]+$/.test(k) ? 404 : 400);
  }
  return r;
}

describe('request shape', () => {
  it('invalid JSON is a 400', async () => {
    await refused('/v1/transactions', null, /JSON/i, { rawBody: '{"merchant_code": "TXVAL",' });
  });
  it('a JSON array instead of an object is a 400', async () => {
    await refused('/v1/transactions', [airtime()], /object/);
  });
  it.each(['merchant_code', 'customer_msisdn', 'network', 'amount', 'client_request_id'])(
    'a missing %s is a 400 naming it',
    async (field) => {
      await refused('/v1/transactions', without(airtime(), field), new RegExp(field));
    },
  );
  it('a missing product on POST /v1/transactions is a 400 naming it', async () => {
    await refused('/v1/transactions', without(airtime(), 'product'), /product/);
  });
  it.each(['AIRTIME', 'Data', 'electricity', 'cable', 'giftcard', ''])(
    'product %j is a 400',
    async (product) => {
      await refused('/v1/transactions', airtime({ product }), /product/);
    },
  );
  it.each([
    ['amount', 100],
    ['customer_msisdn', 8031234567],
    ['client_request_id', 12345],
    ['merchant_code', null],
    ['network', ['mtn']],
  ])('%s sent as a non-string (%j) is a 400, never coerced', async (field, value) => {
    await refused('/v1/transactions', airtime({ [field]: value }), new RegExp(field));
  });
  it('the amount-as-number message says to send a string', async () => {
    await refused('/v1/transactions', airtime({ amount: 100 }), /string/);
  });
});

describe('client_request_id', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['with a space', 'a b'],
    ['too long', 'k'.repeat(101)],
    ['non-ASCII', 'clé-1'],
  ])('%s is a 400', async (_name, value) => {
    await refused('/v1/transactions', airtime({ client_request_id: value }), /client_request_id/);
  });
});

describe('amount (Naira string, positive, at most two decimals)', () => {
  // (" 100" is 100: surrounding whitespace is trimmed on every field but the keys, field-whitespace.test.ts.)
  it.each(['abc', '-100', '0', '0.00', '100.123', '1e3', '', '1 00', '100,00', '₦100', '.5'])(
    '%j is a 400 naming amount',
    async (amount) => {
      await refused('/v1/transactions', airtime({ amount }), /amount/);
    },
  );
  it.each(['10000000000.01', '99999999999999999999999'])(
    '%j, past the largest amount, is a 400 that says the largest',
    async (amount) => {
      const r = await refused('/v1/transactions', airtime({ amount }), /amount/);
      expect(r.json.message).toBe('amount must be at most 10000000000.00');
    },
  );
});

describe('network values per product', () => {
  it.each(['etisalat', 'MTN NG', '', 'DSTV', 'EKEDC'])('airtime network %j is a 400', async (network) => {
    await refused('/v1/transactions', airtime({ network }), /network/);
  });
  it.each(['mtn', 'DSTV', 'BET9JA', 'Ikeja'])('ELECTRICITY network %j is a 400', async (network) => {
    await refused('/v1/transactions', electricity({ network }), /network/);
  });
  it.each(['EKEDC', 'SHOWMAX', 'glo'])('CABLE network %j is a 400', async (network) => {
    await refused('/v1/transactions', cable({ network }), /network/);
  });
  it.each(['DSTV', 'BET9JA2', 'airtel'])('BETTING network %j is a 400', async (network) => {
    await refused('/v1/transactions', betting({ network }), /network/);
  });
});

describe('subscriber number forms for airtime and data (080… 11 digits, 234… 13 digits)', () => {
  it.each([
    '8031234567',
    '0803123456',
    '080312345678',
    '+2348031234567',
    '23408031234567',
    '234803123456',
    '0803123456a',
    '06031234567',
    '10000000001',
  ])('airtime to %j is a 400 naming customer_msisdn', async (customer_msisdn) => {
    await refused('/v1/transactions', airtime({ customer_msisdn }), /customer_msisdn/);
  });
  it('the same rule holds for data', async () => {
    await refused(
      '/v1/transactions/data/sync',
      dataBody({ customer_msisdn: '803123456' }),
      /customer_msisdn/,
    );
  });
  it('the bill customer id must be an id (letters, digits)', async () => {
    await refused('/v1/transactions', electricity({ customer_msisdn: '1000 0000 001' }), /customer_msisdn/);
  });
});

describe('data plans', () => {
  it.each(['/v1/transactions', '/v1/transactions/data/sync', '/v1/transactions/data/async'])(
    'plan_code is required on %s',
    async (path) => {
      await refused(path, without(dataBody(), 'plan_code'), /plan_code is required/);
      await refused(path, dataBody({ plan_code: '' }), /plan_code is required/);
    },
  );
  it('a plan_code sent as a number is a 400 asking for a string', async () => {
    await refused(
      '/v1/transactions',
      dataBody({ network: 'glo', plan_code: 2001, amount: '50' }),
      /plan_code must be a string/,
    );
  });
  it('a plan of another network is a 400', async () => {
    await refused(
      '/v1/transactions',
      dataBody({ plan_code: 'GLO-101', amount: '50' }),
      /plan_code "GLO-101" belongs to GLO/,
    );
  });
  it('an unknown plan is a 400', async () => {
    await refused('/v1/transactions', dataBody({ plan_code: 'MTN-999' }), /plan_code/);
  });
  it('on mtn a bare catalog id is not a plan (bare numbers are tariff ids)', async () => {
    await refused('/v1/transactions', dataBody({ plan_code: '1001' }), /plan_code/);
  });
  it('the amount must equal the plan price', async () => {
    const r = await refused('/v1/transactions', dataBody({ amount: '100' }), /amount/);
    expect(r.json.message).toMatch(/75\.00/);
    await refused('/v1/transactions/data/sync', dataBody({ amount: '74.99' }), /amount/);
  });
});

describe('bills: plan_code required, of the product and network/platform', () => {
  it.each([
    ['ELECTRICITY', electricity],
    ['CABLE', cable],
    ['BETTING', betting],
  ] as const)('%s without plan_code is a 400', async (product, make) => {
    await refused(
      '/v1/transactions',
      without(make(), 'plan_code'),
      new RegExp(`plan_code is required for ${product}`),
    );
  });
  it('a cable plan for electricity is a 400', async () => {
    await refused('/v1/transactions', electricity({ plan_code: '204' }), /plan_code/);
  });
  it('a GOtv bouquet sent with network DSTV is a 400', async () => {
    await refused('/v1/transactions', cable({ plan_code: '218', amount: '5800' }), /belongs to GOTV/);
  });
  it('a betting plan of another platform is a 400', async () => {
    await refused('/v1/transactions', betting({ plan_code: '302' }), /belongs to SPORTYBET/);
  });
  it('a fixed bouquet must be bought at its price', async () => {
    const r = await refused('/v1/transactions', cable({ amount: '18999' }), /amount/);
    expect(r.json.message).toMatch(/19000\.00/);
  });
  it('electricity below the verify min_amount or above max_amount is a 400', async () => {
    await refused(
      '/v1/transactions',
      electricity({ amount: '499.99' }),
      /amount must be between 500\.00 and 500000\.00/,
    );
    await refused('/v1/transactions', electricity({ amount: '500000.01' }), /amount/);
  });
  it('betting outside the platform range is a 400', async () => {
    await refused('/v1/transactions', betting({ amount: '50' }), /amount/);
  });
});

describe('phone', () => {
  it('betting on /v1 needs phone', async () => {
    await refused('/v1/transactions', without(betting(), 'phone'), /phone/);
    await refused('/v1/transactions', betting({ phone: '' }), /phone/);
    await refused('/v1/transactions', betting({ phone: null }), /phone/);
  });
  it.each(['10000000001', 'TESTBET001', '803123'])(
    'phone %j (never the meter or betting id) is a 400',
    async (phone) => {
      await refused('/v1/transactions', betting({ phone }), /phone/);
      await refused('/v1/transactions', electricity({ phone }), /phone/);
    },
  );
});

describe('customer ids the biller rejects on the automatic verify: 400 with its reason', () => {
  it.each([
    ['an unknown meter', () => electricity({ customer_msisdn: '10000000009' }), /meter/i],
    ['the postpaid meter on a prepaid plan', () => electricity({ customer_msisdn: '10000000002' }), /meter/i],
    [
      'the prepaid meter on a postpaid plan',
      () => electricity({ customer_msisdn: '10000000001', plan_code: '104' }),
      /meter/i,
    ],
    ['the GOtv smartcard on DStv', () => cable({ customer_msisdn: '10000000020' }), /smartcard|IUC/i],
    ['an unknown betting id', () => betting({ customer_msisdn: 'TESTBET002' }), /customer id/i],
  ])('%s', async (_name, make, message) => {
    await refused('/v1/transactions', make(), message);
  });
});

describe('after all of the above', () => {
  it('no purchase was stored and the wallet is untouched', async () => {
    expect(stored()).toBe(0);
    expect((await t.call('GET', '/v1/wallet/balance', { pair })).json.total).toBe('1000000.00');
  });
  it('a valid request with a key a refused request carried succeeds (the key was free)', async () => {
    await refused(
      '/v1/transactions',
      electricity({ customer_msisdn: '10000000009', client_request_id: 'val-reuse' }),
      /meter/i,
    );
    await refused('/v1/transactions', airtime({ amount: '0', client_request_id: 'val-reuse' }), /amount/);
    const r = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair,
      body: airtime({ client_request_id: 'val-reuse' }),
    });
    expect(r.status).toBe(200);
    expect(r.json.response_code).toBe('00');
  });
});
