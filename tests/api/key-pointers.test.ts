import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtimeSale, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * Review L7: keys are shared by every product, so a status or order read can be made with a
 * key another kind of purchase holds. It stays a 404 (nothing of that kind has the key), and
 * says what holds it and the call that reads it, on the prefix the caller uses, as the 422
 * for a used key does.
 */

const EXT = '/ext/service/v1';
let t: TestNode;
let seq = 0;
const key = (p: string) => `${p}-${++seq}`;
const giftcardKey = key('gc');
const esimKey = key('es');
const airtimeKey = key('air');
const redeemKey = key('redeem');

beforeAll(async () => {
  t = await startTestNode();
  const cards = (await t.call('GET', '/v1/giftcards/catalog')).json.data as {
    plan_id: number;
    fixed_price: boolean;
  }[];
  const esimPlan = ((await t.call('GET', '/v1/esim/catalog')).json.data as { plan_id: string }[])[0]!;
  const bought = [
    await t.call('POST', '/v1/giftcards/orders', {
      body: { request_id: giftcardKey, plan_id: cards.find((c) => c.fixed_price)!.plan_id },
    }),
    await t.call('POST', '/v1/esim/orders', { body: { request_id: esimKey, plan_id: esimPlan.plan_id } }),
    await t.call('POST', '/v1/transactions', { body: airtimeSale(airtimeKey) }),
  ];
  for (const r of bought) expect(r.status, r.text).toBe(200);
  // An eSIM sold on POST /v1/transactions (product ESIM): its QR is on the eSIM route.
  const quote = await t.call('GET', `/v1/esim/plans/${esimPlan.plan_id}/quote`);
  const redeem = await t.call('POST', '/v1/transactions', {
    body: airtimeSale(redeemKey, {
      product: 'ESIM',
      network: '',
      plan_code: esimPlan.plan_id,
      amount: quote.json.data.ngn_amount,
    }),
  });
  expect(redeem.status, redeem.text).toBe(200);
  await eventually(
    () => t.call('GET', `/v1/transactions/status?client_request_id=${redeemKey}`),
    (r) => r.json?.response_code === '00',
  );
});
afterAll(async () => t?.close());

const notFound = async (path: string) => {
  const r = await t.call('GET', path);
  expect(r.status, path).toBe(404);
  return r.json.message as string;
};

describe('a read by a key another kind of purchase holds', () => {
  it('the status call with a gift-card or eSIM order key names the order route', async () => {
    expect(await notFound(`/v1/transactions/status?client_request_id=${giftcardKey}`)).toBe(
      `No transaction with client_request_id "${giftcardKey}": that key is a gift-card order; read it with GET /v1/giftcards/orders/${giftcardKey}`,
    );
    expect(await notFound(`/v1/transactions/status?request_id=${esimKey}`)).toBe(
      `No transaction with request_id "${esimKey}": that key is an eSIM order; read it with GET /v1/esim/orders/${esimKey}`,
    );
    expect(await notFound(`${EXT}/transactions/status/${giftcardKey}`)).toBe(
      `No transaction with client_request_id "${giftcardKey}": that key is a gift-card order; read it with GET ${EXT}/giftcards/orders/${giftcardKey}`,
    );
  });

  it('the eSIM order route with the key of an eSIM bought through /v1/transactions names its status call and its QR', async () => {
    expect(await notFound(`/v1/esim/orders/${redeemKey}`)).toBe(
      `No eSIM order with request_id "${redeemKey}": that key is an eSIM bought through POST /v1/transactions; read it with GET /v1/transactions/status?client_request_id=${redeemKey}; its QR code is at GET /v1/esim/orders/${redeemKey}/qrcode`,
    );
    expect(await notFound(`${EXT}/esim/orders/${redeemKey}`)).toBe(
      `No eSIM order with request_id "${redeemKey}": that key is an eSIM bought through POST ${EXT}/transactions; read it with GET ${EXT}/transactions/status/${redeemKey}; its QR code is at GET ${EXT}/esim/orders/${redeemKey}/qrcode`,
    );
    // ...where the QR is indeed served.
    expect((await t.call('GET', `/v1/esim/orders/${redeemKey}/qrcode`)).status).toBe(200);
  });

  it('the order routes with a key of another kind name where it is read', async () => {
    expect(await notFound(`/v1/giftcards/orders/${airtimeKey}`)).toBe(
      `No gift card order with request_id "${airtimeKey}": that key is a transaction; read it with GET /v1/transactions/status?client_request_id=${airtimeKey}`,
    );
    expect(await notFound(`/v1/giftcards/orders/${esimKey}`)).toBe(
      `No gift card order with request_id "${esimKey}": that key is an eSIM order; read it with GET /v1/esim/orders/${esimKey}`,
    );
    expect(await notFound(`/v1/esim/orders/${giftcardKey}/qrcode`)).toBe(
      `No eSIM order with request_id "${giftcardKey}": that key is a gift-card order; read it with GET /v1/giftcards/orders/${giftcardKey}`,
    );
  });

  it('a key nothing holds keeps its plain 404', async () => {
    expect(await notFound('/v1/transactions/status?client_request_id=nobody')).toBe(
      'No transaction with client_request_id "nobody"',
    );
    expect(await notFound('/v1/esim/orders/nobody')).toBe('No eSIM order with request_id "nobody"');
    expect(await notFound('/v1/giftcards/orders/nobody')).toBe('No gift card order with request_id "nobody"');
  });
});
