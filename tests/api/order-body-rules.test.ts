import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { balanceKobo } from '../helpers/orders.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * Gift-card and eSIM order bodies have no merchant_code in the spec, but an integrator used to
 * the transaction body often sends one. When it does, it must be the credential's own
 * (DESIGN "Environments, credentials, access": otherwise 403), as on /v1/transactions: an
 * order naming another merchant was charged to the caller's wallet without a word.
 */

let t: TestNode;
let buyer: Pair;
beforeAll(async () => {
  t = await startTestNode();
  buyer = t.merchant('ORDBUY', { testNaira: 500_000 }).test;
  t.merchant('OTHERCO', { testNaira: 500_000 });
});
afterAll(() => closeAfterLedgerCheck(t));

const orders = [
  { what: 'gift-card', path: '/giftcards/orders', body: { plan_id: 5001 } },
  { what: 'eSIM', path: '/esim/orders', body: { plan_id: 'ESIM-GB-5GB-30D' } },
] as const;

describe.each(orders)('a $what order body naming a merchant_code', ({ path, body }) => {
  for (const prefix of ['/v1', '/ext/service/v1']) {
    it(`another merchant's code on ${prefix}${path} is a 403, nothing charged, and the key stays free`, async () => {
      const before = await balanceKobo(t, buyer);
      const request_id = `om-${prefix.length}-${path.length}-other`;
      const r = await t.call('POST', `${prefix}${path}`, {
        pair: buyer,
        body: { ...body, request_id, merchant_code: 'OTHERCO' },
      });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({
        status: 'error',
        code: 403,
        message: 'merchant_code does not belong to this credential',
      });
      expect(await balanceKobo(t, buyer)).toBe(before);
      const retry = await t.call('POST', `${prefix}${path}`, { pair: buyer, body: { ...body, request_id } });
      expect(retry.status).toBe(200);
      expect(retry.json.response_code).toBe('00');
    });
  }

  it('a code that does not exist is the same 403 (a caller cannot learn which codes exist)', async () => {
    const r = await t.call('POST', `/v1${path}`, {
      pair: buyer,
      body: { ...body, request_id: `om-${path.length}-nobody`, merchant_code: 'NOSUCHCO' },
    });
    expect(r.status).toBe(403);
  });

  it("the credential's own code in small letters is a 403 that says what to send", async () => {
    const r = await t.call('POST', `/v1${path}`, {
      pair: buyer,
      body: { ...body, request_id: `om-${path.length}-lower`, merchant_code: 'ordbuy' },
    });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(
      'merchant_code must be ORDBUY for this credential, in capitals as it was issued',
    );
  });

  it('a merchant_code that is not text is a 400 naming the field', async () => {
    const r = await t.call('POST', `/v1${path}`, {
      pair: buyer,
      body: { ...body, request_id: `om-${path.length}-number`, merchant_code: 42 },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('merchant_code must be a string');
  });

  it("the credential's own code is accepted, as is a body without one", async () => {
    const own = await t.call('POST', `/v1${path}`, {
      pair: buyer,
      body: { ...body, request_id: `om-${path.length}-own`, merchant_code: 'ORDBUY' },
    });
    expect(own.status).toBe(200);
    expect(own.json.response_code).toBe('00');
  });
});

describe('an eSIM order is one eSIM', () => {
  it.each([2, 5, 0, '2'])(
    'quantity %j is a 400 saying one eSIM per order, nothing charged, the key left free',
    async (quantity) => {
      const before = await balanceKobo(t, buyer);
      const request_id = `om-esim-q-${typeof quantity}-${String(quantity)}`;
      const r = await t.call('POST', '/v1/esim/orders', {
        pair: buyer,
        body: { request_id, plan_id: 'ESIM-GB-5GB-30D', quantity },
      });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        status: 'error',
        code: 400,
        message: 'quantity must be 1 or left out: an eSIM order is one eSIM (place one order per eSIM)',
      });
      expect(await balanceKobo(t, buyer)).toBe(before);
      const retry = await t.call('POST', '/v1/esim/orders', {
        pair: buyer,
        body: { request_id, plan_id: 'ESIM-GB-5GB-30D' },
      });
      expect(retry.json.response_code).toBe('00');
    },
  );

  it('quantity 1 is accepted and buys one', async () => {
    const before = await balanceKobo(t, buyer);
    const r = await t.call('POST', '/v1/esim/orders', {
      pair: buyer,
      body: { request_id: 'om-esim-q-one', plan_id: 'ESIM-GB-5GB-30D', quantity: 1 },
    });
    expect(r.json.response_code).toBe('00');
    expect(before - (await balanceKobo(t, buyer))).toBe(1_516_700);
  });
});
