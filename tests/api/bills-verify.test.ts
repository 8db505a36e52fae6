import { createServer } from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { BETTING, DISCOS } from '../helpers/spec-bill-networks.js';

/**
 * Spec "Bill verify POST /v1/transactions/verify": exactly one of plan_code / service_id, no
 * charge, 200 {status, code, message, data}; rejected id or bad request 400 with the biller's
 * reason; verify not completed 502 with a generic message. And the test-credential table.
 */

const CODE = 'VERIFY';

let t: TestNode;
let provider: TestNode;
/** A biller whose meters report no limits of their own (0) and some empty fields. */
let zeroLimits: http.Server;
let pair: Pair;
let livePair: Pair;
let elec: { id: number; network: string; meter_type: string }[];
let betting: { id: number; network: string }[];

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant(CODE, {
    testNaira: 1_000,
    liveNaira: 100_000,
    allowIps: ['127.0.0.1'],
    liveBills: ['ELECTRICITY', 'CABLE', 'BETTING'],
  });
  pair = m.test;
  livePair = m.live;
  elec = (await t.call('GET', '/v1/plans/bills/electricity', { pair })).json.data;
  betting = (await t.call('GET', '/v1/plans/bills/betting', { pair })).json.data;
  // Live traffic: electricity and cable go to a provider speaking this same spec (another node on
  // test credentials, so its simulator is the biller); betting to a provider that is down.
  provider = await startTestNode();
  const { db, box } = t.node.services;
  addUpstream(
    db,
    box,
    {
      name: 'provider',
      type: 'vending-api',
      baseUrl: provider.url,
      merchantCode: 'DEMO',
      keyId: provider.demo.key,
      secret: provider.demo.secret,
      products: ['ELECTRICITY', 'CABLE'],
    },
    'test',
  );
  zeroLimits = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const b = JSON.parse(raw || '{}');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/transactions/verify') {
        const data = {
          product: b.product,
          network: b.network,
          msisdn: b.customer_msisdn,
          customer_name: 'ZERO LIMITS',
          customer_address: '1 Zero Road',
          min_amount: '0',
          max_amount: '0',
          arrears: '',
          tariff: null,
        };
        res.end(JSON.stringify({ status: 'success', code: 200, message: 'ok', data }));
        return;
      }
      // A purchase: key change tokens for one meter, a payment that cleared debt for another.
      const delivery =
        b.customer_msisdn === '45000000002'
          ? { payment_spent_on: 'debt', customer_name: 'ZERO LIMITS' }
          : {
              token: '11112222333344445555',
              kct1: '60000000000000000001',
              kct2: '60000000000000000002',
              units: '12.3',
              customer_name: 'ZERO LIMITS',
            };
      const data = {
        internal_reference: `up-${b.client_request_id}`,
        request_id: b.client_request_id,
        msisdn: b.customer_msisdn,
        product: b.product,
        network: b.network,
        amount: b.amount,
        plan: b.plan_code,
        merchant_id: 9,
        ...delivery,
      };
      res.end(
        JSON.stringify({ status: 'success', response_code: '00', response_message: 'Successful', data }),
      );
    });
  });
  await new Promise<void>((r) => zeroLimits.listen(0, '127.0.0.1', r));
  addUpstream(
    db,
    box,
    {
      name: 'zero-limits',
      type: 'vending-api',
      baseUrl: `http://127.0.0.1:${(zeroLimits.address() as { port: number }).port}`,
      merchantCode: 'Z',
      keyId: 'k',
      secret: 'secret-of-zero',
      products: ['ELECTRICITY:KEDCO'],
    },
    'test',
  );
  addUpstream(
    db,
    box,
    {
      name: 'down',
      type: 'vending-api',
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      merchantCode: 'X',
      keyId: 'k',
      secret: 'secret-of-down',
      products: ['BETTING'],
    },
    'test',
  );
});
afterAll(async () => {
  try {
    expect(t.ledgerOk()).toBe(true);
    expect(provider.ledgerOk()).toBe(true);
  } finally {
    await t.close();
    await provider?.close();
    await new Promise((r) => zeroLimits?.close(r));
  }
});

const verify = (body: Record<string, unknown>, p: Pair = pair) =>
  t.call('POST', '/v1/transactions/verify', { pair: p, body: { merchant_code: CODE, ...body } });
const plan = (disco: string, meter: string) =>
  String(elec.find((p) => p.network === disco && p.meter_type === meter)!.id);

function expectVerified(
  r: { status: number; json: any; text: string },
  product: string,
  network: string,
  msisdn: string,
) {
  expect(r.status, r.text).toBe(200);
  expect(Object.keys(r.json).sort()).toEqual(['code', 'data', 'message', 'status']);
  expect(r.json).toMatchObject({ status: 'success', code: 200 });
  expect(typeof r.json.message).toBe('string');
  expect(r.json.data).toMatchObject({ product, network, msisdn });
  expect(typeof r.json.data.customer_name).toBe('string');
  expect(r.json.data.customer_name).not.toBe('');
  // Empty values are omitted; every value is a string.
  for (const v of Object.values(r.json.data)) {
    expect(typeof v).toBe('string');
    expect(v).not.toBe('');
  }
}

describe('test-credential table, verified', () => {
  it.each(DISCOS)('prepaid meter 10000000001 on %s: customer, address and purchase limits', async (disco) => {
    const r = await verify({
      customer_msisdn: '10000000001',
      network: disco,
      product: 'ELECTRICITY',
      plan_code: plan(disco, 'prepaid'),
    });
    expectVerified(r, 'ELECTRICITY', disco, '10000000001');
    expect(r.json.data).toMatchObject({ min_amount: '500', max_amount: '500000' });
    expect(typeof r.json.data.customer_address).toBe('string');
  });

  it.each(DISCOS)('postpaid meter 10000000002 on %s', async (disco) => {
    const r = await verify({
      customer_msisdn: '10000000002',
      network: disco,
      product: 'ELECTRICITY',
      plan_code: plan(disco, 'postpaid'),
    });
    expectVerified(r, 'ELECTRICITY', disco, '10000000002');
    expect(r.json.data).toMatchObject({ min_amount: '500', max_amount: '500000' });
  });

  it.each([
    ['DSTV', '10000000010', '204', /dstv/i],
    ['GOTV', '10000000020', '218', /gotv/i],
    ['STARTIMES', '10000000030', '229', /startimes/i],
  ])(
    'cable %s smartcard %s shows customer_name and a current bouquet',
    async (network, id, planId, brand) => {
      const r = await verify({ customer_msisdn: id, network, product: 'CABLE', plan_code: planId });
      expectVerified(r, 'CABLE', network, id);
      const bouquet = Object.entries(r.json.data).find(([k]) => /bouquet/.test(k));
      expect(bouquet?.[1]).toMatch(brand);
    },
  );

  it.each(BETTING)(
    'betting TESTBET001 on %s returns customer_name and customer_username',
    async (platform) => {
      const r = await verify({
        customer_msisdn: 'TESTBET001',
        network: platform,
        product: 'BETTING',
        plan_code: String(betting.find((p) => p.network === platform)!.id),
      });
      expectVerified(r, 'BETTING', platform, 'TESTBET001');
      expect(typeof r.json.data.customer_username).toBe('string');
      expect(r.json.data.customer_username).not.toBe('');
    },
  );
});

describe('the test simulator reads ids in any case and names providers as people write them', () => {
  const bet = (customer_msisdn: string, network: string) =>
    verify({
      customer_msisdn,
      network,
      product: 'BETTING',
      plan_code: String(betting.find((p) => p.network === network)!.id),
    });
  it('testbet001 is the test betting id too; the id comes back as it was sent', async () => {
    expectVerified(await bet('testbet001', 'SPORTYBET'), 'BETTING', 'SPORTYBET', 'testbet001');
    expectVerified(await bet('TestBet001', '1XBET'), 'BETTING', '1XBET', 'TestBet001');
  });
  it.each([
    [() => bet('testbet002', 'SPORTYBET'), 'Invalid SportyBet customer id testbet002 (test id: TESTBET001)'],
    [() => bet('TESTBET999', '1XBET'), 'Invalid 1xBet customer id TESTBET999 (test id: TESTBET001)'],
    [
      () => verify({ customer_msisdn: '10000000010', network: 'GOTV', product: 'CABLE', plan_code: '218' }),
      'Invalid smartcard/IUC number 10000000010 for GOtv (test id: 10000000020)',
    ],
    [
      () =>
        verify({
          customer_msisdn: '12345',
          network: 'ABA',
          product: 'ELECTRICITY',
          plan_code: plan('ABA', 'prepaid'),
        }),
      'Invalid meter number: 12345 is not a prepaid meter of Aba Power (test meter: 10000000001)',
    ],
  ])('a refusal names the provider: %#', async (call, message) => {
    const r = await call();
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message });
  });
});

describe('plan_code or the legacy service_id: exactly one', () => {
  const base = { customer_msisdn: '10000000010', network: 'DSTV', product: 'CABLE' };
  it('service_id alone gives the same answer as plan_code', async () => {
    const a = await verify({ ...base, plan_code: '204' });
    const b = await verify({ ...base, service_id: '204' });
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
  });
  it('both is a 400', async () => {
    const r = await verify({ ...base, plan_code: '204', service_id: '204' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      status: 'error',
      code: 400,
      message: expect.stringMatching(/exactly one of plan_code or service_id/),
    });
  });
  it('neither is a 400', async () => {
    const r = await verify(base);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/plan_code or service_id/);
  });
  it('a service_id of another platform is a 400 naming service_id', async () => {
    const r = await verify({ ...base, service_id: '218' });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/service_id 218 belongs to GOTV/);
  });
});

describe('rejected ids: 400 with the biller reason; nothing charged', () => {
  it.each([
    [
      'an unknown meter',
      { customer_msisdn: '12345678901', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '103' },
      /meter/i,
    ],
    [
      'the postpaid meter on a prepaid plan',
      { customer_msisdn: '10000000002', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '103' },
      /meter/i,
    ],
    [
      'the prepaid meter on a postpaid plan',
      { customer_msisdn: '10000000001', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '104' },
      /meter/i,
    ],
    [
      'the DStv smartcard on StarTimes',
      { customer_msisdn: '10000000010', network: 'STARTIMES', product: 'CABLE', plan_code: '229' },
      /smartcard|IUC/i,
    ],
    [
      'an unknown betting id',
      { customer_msisdn: 'TESTBET999', network: 'BETWAY', product: 'BETTING', plan_code: '305' },
      /TESTBET999/,
    ],
  ])('%s', async (_name, body, reason) => {
    const r = await verify(body);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(reason) });
  });
});

describe('bad requests: 400', () => {
  it.each([
    [
      'product airtime',
      { customer_msisdn: '10000000001', network: 'EKEDC', product: 'airtime', plan_code: '103' },
      /product/,
    ],
    [
      'product lowercase',
      { customer_msisdn: '10000000001', network: 'EKEDC', product: 'electricity', plan_code: '103' },
      /product/,
    ],
    ['no product', { customer_msisdn: '10000000001', network: 'EKEDC', plan_code: '103' }, /product/],
    ['no customer_msisdn', { network: 'EKEDC', product: 'ELECTRICITY', plan_code: '103' }, /customer_msisdn/],
    ['no network', { customer_msisdn: '10000000001', product: 'ELECTRICITY', plan_code: '103' }, /network/],
    [
      'a network of another product',
      { customer_msisdn: '10000000001', network: 'DSTV', product: 'ELECTRICITY', plan_code: '103' },
      /network/,
    ],
    [
      'a plan of another disco',
      { customer_msisdn: '10000000001', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '105' },
      /belongs to AEDC/,
    ],
    [
      'a plan of another product',
      { customer_msisdn: '10000000001', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '301' },
      /plan_code/,
    ],
    [
      'an unknown plan',
      { customer_msisdn: '10000000001', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '999' },
      /plan_code/,
    ],
  ])('%s', async (_name, body, message) => {
    const r = await verify(body);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(message) });
  });
  it('no merchant_code is a 400', async () => {
    const r = await t.call('POST', '/v1/transactions/verify', {
      pair,
      body: { customer_msisdn: '10000000001', network: 'EKEDC', product: 'ELECTRICITY', plan_code: '103' },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/merchant_code/);
  });
  it("another merchant's code is a 403", async () => {
    const r = await verify({
      merchant_code: 'DEMO',
      customer_msisdn: '10000000001',
      network: 'EKEDC',
      product: 'ELECTRICITY',
      plan_code: '103',
    });
    expect(r.status).toBe(403);
  });
  it('needs credentials', async () => {
    const r = await t.call('POST', '/v1/transactions/verify', { pair: null, body: { merchant_code: CODE } });
    expect(r.status).toBe(401);
  });
});

describe('live verify through a provider', () => {
  it("returns the provider's customer data", async () => {
    const r = await verify(
      {
        customer_msisdn: '10000000001',
        network: 'IBEDC',
        product: 'ELECTRICITY',
        plan_code: plan('IBEDC', 'prepaid'),
      },
      livePair,
    );
    expectVerified(r, 'ELECTRICITY', 'IBEDC', '10000000001');
    expect(r.json.data).toMatchObject({ min_amount: '500', max_amount: '500000' });
  });
  it("a rejected id is a 400 carrying the biller's own reason", async () => {
    const direct = await provider.call('POST', '/v1/transactions/verify', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: '10000000099',
        network: 'GOTV',
        product: 'CABLE',
        plan_code: '218',
      },
    });
    expect(direct.status).toBe(400);
    const r = await verify(
      { customer_msisdn: '10000000099', network: 'GOTV', product: 'CABLE', plan_code: '218' },
      livePair,
    );
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: direct.json.message });
  });
  it('a provider that cannot be reached is a 502 with a generic message', async () => {
    const r = await verify(
      { customer_msisdn: 'TESTBET001', network: 'BET9JA', product: 'BETTING', plan_code: '301' },
      livePair,
    );
    expect(r.status).toBe(502);
    expect(r.json).toEqual({ status: 'error', code: 502, message: expect.any(String) });
    expect(r.json.message).not.toMatch(/ECONN|127\.0\.0\.1|secret|stack/i);
  });
  it('a provider that cannot answer hands the verify, and the purchase, to the next in route order', async () => {
    // AEDC's own route goes first to a provider that is down, then to the product-wide one.
    const { db, box } = t.node.services;
    addUpstream(
      db,
      box,
      {
        name: 'aedc-down',
        type: 'vending-api',
        baseUrl: `http://127.0.0.1:${await closedPort()}`,
        merchantCode: 'X',
        keyId: 'k',
        secret: 'secret-of-aedc-down',
        products: ['ELECTRICITY:AEDC'],
      },
      'test',
    );
    const body = {
      customer_msisdn: '10000000001',
      network: 'AEDC',
      product: 'ELECTRICITY',
      plan_code: plan('AEDC', 'prepaid'),
    };
    expectVerified(await verify(body, livePair), 'ELECTRICITY', 'AEDC', '10000000001');
    // The biller's rejection is an answer: it is not asked again elsewhere.
    const rejected = await verify({ ...body, customer_msisdn: '10000000099' }, livePair);
    expect(rejected.status).toBe(400);
    const before = (await t.call('GET', '/v1/wallet/balance', { pair: livePair })).json.total;
    const sale = await t.call('POST', '/v1/transactions', {
      pair: livePair,
      body: { merchant_code: CODE, ...body, amount: '1000', client_request_id: 'live-aedc-1' },
    });
    expect(sale.status, sale.text).toBe(200);
    expect(sale.json).toMatchObject({ status: 'success', data: { token: expect.any(String) } });
    const after = (await t.call('GET', '/v1/wallet/balance', { pair: livePair })).json.total;
    expect(Number(before) - Number(after)).toBe(1000);
  });
  it('a bill purchase whose automatic verify cannot complete is a 502 and charges nothing', async () => {
    const before = (await t.call('GET', '/v1/wallet/balance', { pair: livePair })).json.total;
    const r = await t.call('POST', '/v1/transactions', {
      pair: livePair,
      body: {
        merchant_code: CODE,
        customer_msisdn: 'TESTBET001',
        network: 'BET9JA',
        product: 'BETTING',
        plan_code: '301',
        amount: '500',
        phone: '08031234567',
        client_request_id: 'live-bet-1',
      },
    });
    expect(r.status).toBe(502);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: livePair })).json.total).toBe(before);
  });
});

describe('electricity limits when the meter reports none', () => {
  it('verify shows the catalog floor and ceiling instead of 0, and omits empty values', async () => {
    const r = await verify(
      {
        customer_msisdn: '45012345678',
        network: 'KEDCO',
        product: 'ELECTRICITY',
        plan_code: plan('KEDCO', 'prepaid'),
      },
      livePair,
    );
    expectVerified(r, 'ELECTRICITY', 'KEDCO', '45012345678');
    expect(r.json.data).toMatchObject({
      customer_name: 'ZERO LIMITS',
      min_amount: '500.00',
      max_amount: '500000.00',
    });
    expect(r.json.data).not.toHaveProperty('arrears');
    expect(r.json.data).not.toHaveProperty('tariff');
  });
  it('a purchase below the catalog floor is refused with those limits', async () => {
    const r = await t.call('POST', '/v1/transactions', {
      pair: livePair,
      body: {
        merchant_code: CODE,
        customer_msisdn: '45012345678',
        network: 'KEDCO',
        product: 'ELECTRICITY',
        plan_code: plan('KEDCO', 'prepaid'),
        amount: '499',
        client_request_id: 'zero-1',
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/between 500\.00 and 500000\.00/);
  });
});

describe('electricity delivery fields passed on from a provider', () => {
  const buy = (meter: string, k: string) =>
    t.call('POST', '/v1/transactions', {
      pair: livePair,
      body: {
        merchant_code: CODE,
        customer_msisdn: meter,
        network: 'KEDCO',
        product: 'ELECTRICITY',
        plan_code: plan('KEDCO', 'prepaid'),
        amount: '2500',
        client_request_id: k,
      },
    });
  it('kct1 and kct2 (20-digit key change tokens) come with the token, on create and status', async () => {
    const r = await buy('45012345678', 'kct-1');
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', response_code: '00' });
    expect(r.json.data).toMatchObject({
      token: '11112222333344445555',
      kct1: '60000000000000000001',
      kct2: '60000000000000000002',
      units: '12.3',
    });
    expect(r.json.data.kct1).toMatch(/^\d{20}$/);
    const s = await t.call('GET', '/v1/transactions/status?client_request_id=kct-1', { pair: livePair });
    expect(s.json.data).toMatchObject({
      token: '11112222333344445555',
      kct1: '60000000000000000001',
      kct2: '60000000000000000002',
      units: '12.3',
    });
  });
  it('payment_spent_on shows a payment that cleared meter debt, with no token', async () => {
    const r = await buy('45000000002', 'debt-1');
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.payment_spent_on).toBe('debt');
    expect(r.json.data).not.toHaveProperty('token');
    const s = await t.call('GET', '/v1/transactions/status?client_request_id=debt-1', { pair: livePair });
    expect(s.json.data.payment_spent_on).toBe('debt');
  });
  it('a test purchase carries neither (most purchases omit them)', async () => {
    const r = await t.call('POST', '/v1/transactions', {
      pair,
      body: {
        merchant_code: CODE,
        customer_msisdn: '10000000001',
        network: 'KEDCO',
        product: 'ELECTRICITY',
        plan_code: plan('KEDCO', 'prepaid'),
        amount: '500',
        client_request_id: 'plain-1',
      },
    });
    expect(r.json.data).not.toHaveProperty('kct1');
    expect(r.json.data).not.toHaveProperty('kct2');
    expect(r.json.data).not.toHaveProperty('payment_spent_on');
  });
});

describe('verify is free', () => {
  it('stores no purchase and moves no money', async () => {
    const count = () =>
      (t.node.services.db.prepare('SELECT COUNT(*) AS n FROM purchases').get() as { n: number }).n;
    const entries = () =>
      (t.node.services.db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    const [p, e, b] = [count(), entries(), (await t.call('GET', '/v1/wallet/balance', { pair })).json.total];
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await verify({
            customer_msisdn: '10000000030',
            network: 'STARTIMES',
            product: 'CABLE',
            plan_code: '229',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await verify({
            customer_msisdn: '10000000031',
            network: 'STARTIMES',
            product: 'CABLE',
            plan_code: '229',
          })
        ).status,
      ).toBe(400);
    }
    expect([count(), entries(), (await t.call('GET', '/v1/wallet/balance', { pair })).json.total]).toEqual([
      p,
      e,
      b,
    ]);
  });
});
