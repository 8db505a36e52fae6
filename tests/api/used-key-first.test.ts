import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * A used key is a 422 whatever the body: the key is looked up before the rest of the body is
 * judged, on every purchase route family, for transactions, gift-card orders and eSIM orders;
 * only a missing or malformed key is a 400. Nothing is charged by any of these retries.
 */

let t: TestNode;
let seq = 0;
const key = (p: string) => `${p}-${Date.now()}-${++seq}`;
const PASSWORD = 'a long enough password';
let consoleCall: (method: string, path: string, body?: unknown) => ReturnType<TestNode['call']>;
let giftcardPlan: number;
let esimPlan: string;

const airtime = (k: string, over: Record<string, unknown> = {}) => ({
  merchant_code: 'DEMO',
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: k,
  ...over,
});
const without = (o: Record<string, unknown>, field: string) => {
  const copy = { ...o };
  delete copy[field];
  return copy;
};
const balance = async () => (await t.call('GET', '/v1/wallet/balance')).json.total as string;
const purchases = () =>
  (t.node.services.db.prepare('SELECT COUNT(*) AS n FROM purchases').get() as { n: number }).n;

beforeAll(async () => {
  t = await startTestNode();
  const db = t.node.services.db;
  const demo = getMerchantByCode(db, 'DEMO')!;
  createConsoleUser(
    db,
    { merchantId: demo.id, username: 'ada', role: 'agent', passwordHash: await hashPassword(PASSWORD) },
    'test',
  );
  const r = await t.call('POST', '/console/login', {
    pair: null,
    body: { username: 'ada', password: PASSWORD },
  });
  const headers = {
    cookie: String(r.headers['set-cookie']).split(';')[0],
    'x-csrf-token': r.json.csrf_token as string,
  };
  consoleCall = (method, path, body) => t.call(method, path, { pair: null, headers, body });
  const cards = (await t.call('GET', '/v1/giftcards/catalog')).json.data as {
    plan_id: number;
    fixed_price: boolean;
  }[];
  giftcardPlan = cards.find((c) => c.fixed_price)!.plan_id;
  esimPlan = ((await t.call('GET', '/v1/esim/catalog')).json.data as { plan_id: string }[])[0].plan_id;
});
afterAll(() => closeAfterLedgerCheck(t));

/** Expects a 422 that charged nothing and stored nothing. */
async function expectUsedKey(send: () => ReturnType<TestNode['call']>) {
  const before = await balance();
  const count = purchases();
  const r = await send();
  expect(r.json).toMatchObject({ status: 'error', code: 422 });
  expect(r.status).toBe(422);
  expect(await balance()).toBe(before);
  expect(purchases()).toBe(count);
}

describe('transactions: a used client_request_id is 422 whatever else the body carries', () => {
  const routes = [
    ['/v1/transactions', 'v1'],
    ['/ext/service/v1/transactions', 'ext'],
    ['/transactions', 'internal'],
  ] as const;
  it.each(routes)('%s: missing customer_msisdn, bad amount, unknown network, wrong types', async (path) => {
    const k = key('tx');
    expect((await t.call('POST', path, { body: airtime(k) })).status).toBe(200);
    await expectUsedKey(() => t.call('POST', path, { body: without(airtime(k), 'customer_msisdn') }));
    await expectUsedKey(() => t.call('POST', path, { body: airtime(k, { amount: 'lots' }) }));
    await expectUsedKey(() => t.call('POST', path, { body: airtime(k, { network: 'NOPE' }) }));
    await expectUsedKey(() => t.call('POST', path, { body: airtime(k, { amount: 100, network: 7 }) }));
    await expectUsedKey(() => t.call('POST', path, { body: { client_request_id: k } }));
  });
  it.each(routes)('%s: the same bad bodies with a fresh key are still the 400s they were', async (path) => {
    const missing = await t.call('POST', path, { body: without(airtime(key('tx')), 'customer_msisdn') });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('customer_msisdn is required');
    const noKey = await t.call('POST', path, { body: without(airtime('x'), 'client_request_id') });
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toBe('client_request_id is required');
    const badKey = await t.call('POST', path, { body: airtime('has space') });
    expect(badKey.status).toBe(400);
  });
  // Airtime and data skip the read before validation (the store's unique index finds a used
  // key on the way in), so these refusals further on must still give way to the used key.
  it('airtime and data: a used key is 422 where the retry would be refused later on', async () => {
    const k = key('late');
    expect((await t.call('POST', '/v1/transactions', { body: airtime(k) })).status).toBe(200);
    await expectUsedKey(() => t.call('POST', '/v1/transactions', { body: airtime(k) }));
    await expectUsedKey(() => t.call('POST', '/v1/transactions', { body: airtime(k, { amount: '1' }) }));
    await expectUsedKey(() =>
      t.call('POST', '/v1/transactions', {
        body: airtime(k, { product: 'data', plan_code: 'MTN-NOPE', amount: '100' }),
      }),
    );
    await expectUsedKey(() =>
      t.call('POST', '/v1/transactions/airtime/sync', { body: airtime(k, { amount: '1' }) }),
    );
    const tooSmall = await t.call('POST', '/v1/transactions', {
      body: airtime(key('late'), { amount: '1' }),
    });
    expect(tooSmall.status).toBe(400);
  });
  it('a used key is 422, not a short wallet, when the retry costs more than is left', async () => {
    const m = t.merchant('SHORT', { testNaira: 150 });
    const body = (k: string, amount: string) => airtime(k, { merchant_code: 'SHORT', amount });
    const call = (k: string, amount: string) =>
      t.call('POST', '/v1/transactions', { pair: m.test, body: body(k, amount) });
    const k = key('short');
    expect((await call(k, '100')).status).toBe(200);
    const short = await call(key('short'), '100');
    expect(short.status).not.toBe(200);
    expect(short.json.message).toMatch(/balance/i);
    const retry = await call(k, '100');
    expect(retry.status).toBe(422);
    expect(retry.json).toMatchObject({ status: 'error', code: 422 });
  });
  it('two first uses of one key at once: exactly one sale, the other 422', async () => {
    const k = key('race');
    const count = purchases();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call('POST', '/v1/transactions', { body: airtime(k) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(purchases()).toBe(count + 1);
  });
  it('the console sell route: a used key with a missing field or an unknown product is 422', async () => {
    const k = key('console-tx');
    const sale = {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: k,
    };
    expect((await consoleCall('POST', '/console/sell', sale)).status).toBe(200);
    await expectUsedKey(() => consoleCall('POST', '/console/sell', without(sale, 'customer_msisdn')));
    await expectUsedKey(() => consoleCall('POST', '/console/sell', { ...sale, product: 'GOLD' }));
    const fresh = await consoleCall(
      'POST',
      '/console/sell',
      without({ ...sale, client_request_id: key('c') }, 'amount'),
    );
    expect(fresh.status).toBe(400);
  });
});

describe('gift-card orders: a used request_id is 422 whatever else the body carries', () => {
  it('/v1/giftcards/orders: quantity 9, an unknown plan, a missing plan_id', async () => {
    const k = key('gc');
    expect(
      (await t.call('POST', '/v1/giftcards/orders', { body: { request_id: k, plan_id: giftcardPlan } }))
        .status,
    ).toBe(200);
    await expectUsedKey(() =>
      t.call('POST', '/v1/giftcards/orders', { body: { request_id: k, plan_id: giftcardPlan, quantity: 9 } }),
    );
    await expectUsedKey(() =>
      t.call('POST', '/v1/giftcards/orders', { body: { request_id: k, plan_id: 999999 } }),
    );
    await expectUsedKey(() => t.call('POST', '/v1/giftcards/orders', { body: { request_id: k } }));
    await expectUsedKey(() =>
      t.call('POST', '/v1/giftcards/orders', { body: { request_id: k, plan_id: 'abc' } }),
    );
  });
  it('a key used by a transaction is 422 on a gift-card order with a bad body', async () => {
    const k = key('shared');
    expect((await t.call('POST', '/v1/transactions', { body: airtime(k) })).status).toBe(200);
    await expectUsedKey(() =>
      t.call('POST', '/v1/giftcards/orders', { body: { request_id: k, plan_id: giftcardPlan, quantity: 9 } }),
    );
  });
  it('/v1/giftcards/orders with a fresh key: quantity 9 is still the 400 it was', async () => {
    const r = await t.call('POST', '/v1/giftcards/orders', {
      body: { request_id: key('gc'), plan_id: giftcardPlan, quantity: 9 },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('quantity must be a whole number from 1 to 5');
  });
  it('/console/giftcards/orders: quantity 9 and an unknown plan with a used key are 422', async () => {
    const k = key('console-gc');
    expect(
      (
        await consoleCall('POST', '/console/giftcards/orders', {
          request_id: k,
          plan_id: giftcardPlan,
          quantity: 1,
        })
      ).status,
    ).toBe(200);
    await expectUsedKey(() =>
      consoleCall('POST', '/console/giftcards/orders', { request_id: k, plan_id: giftcardPlan, quantity: 9 }),
    );
    await expectUsedKey(() =>
      consoleCall('POST', '/console/giftcards/orders', { request_id: k, plan_id: 999999, quantity: 1 }),
    );
  });
});

describe('eSIM orders: a used request_id is 422 whatever else the body carries', () => {
  it('/v1/esim/orders: an unknown plan_id, a numeric plan_id, a missing plan_id', async () => {
    const k = key('esim');
    expect(
      (await t.call('POST', '/v1/esim/orders', { body: { request_id: k, plan_id: esimPlan } })).status,
    ).toBe(200);
    await expectUsedKey(() =>
      t.call('POST', '/v1/esim/orders', { body: { request_id: k, plan_id: 'NO-SUCH-PLAN' } }),
    );
    await expectUsedKey(() => t.call('POST', '/v1/esim/orders', { body: { request_id: k, plan_id: 12 } }));
    await expectUsedKey(() => t.call('POST', '/v1/esim/orders', { body: { request_id: k } }));
  });
  it('/v1/esim/orders with a fresh key: an unknown plan_id is still the 400 it was', async () => {
    const r = await t.call('POST', '/v1/esim/orders', {
      body: { request_id: key('esim'), plan_id: 'NO-SUCH-PLAN' },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toContain('is not an active eSIM plan');
  });
  it('/console/esim/orders: an unknown plan_id with a used key is 422', async () => {
    const k = key('console-esim');
    expect(
      (await consoleCall('POST', '/console/esim/orders', { request_id: k, plan_id: esimPlan })).status,
    ).toBe(200);
    await expectUsedKey(() =>
      consoleCall('POST', '/console/esim/orders', { request_id: k, plan_id: 'NO-SUCH-PLAN' }),
    );
    await expectUsedKey(() => consoleCall('POST', '/console/esim/orders', { request_id: k, plan_id: 5 }));
  });
});
