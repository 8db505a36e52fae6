import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { balanceKobo, decodeQr, getBytes, ledgerKinds } from '../helpers/orders.js';

/**
 * Gift-card redemption into an eSIM (the spec leaves its endpoint open): product ESIM on
 * POST /v1/transactions, plan_code = an eSIM catalog plan_id, amount = the plan's NGN price.
 * Like airtime it is asynchronous (02 at once); the status call then carries iccid and lpa.
 */

const PLAN = 'ESIM-KE-1GB-7D'; // USD 7.50 x 1550 x 1.03 = 11973.75 -> 11974
const PRICE = '11974.00';

let t: TestNode;
let pair: Pair;
beforeAll(async () => {
  t = await startTestNode();
  pair = t.merchant('REDEEM', { testNaira: 200_000 }).test;
});
afterAll(async () => t.close());

let n = 0;
const key = () => `redeem-${Date.now()}-${++n}`;
const redeem = (over: Record<string, unknown>) =>
  t.call('POST', '/v1/transactions', {
    pair,
    body: {
      merchant_code: 'REDEEM',
      customer_msisdn: '08031234567',
      network: '',
      product: 'ESIM',
      amount: PRICE,
      client_request_id: key(),
      plan_code: PLAN,
      ...over,
    },
  });
const status = (k: string) => t.call('GET', `/v1/transactions/status?client_request_id=${k}`, { pair });

describe('product ESIM on POST /v1/transactions', () => {
  it('answers 02 at once, then the status call shows 00 with iccid and an lpa beginning LPA:1$; the debit is the plan price', async () => {
    const before = await balanceKobo(t, pair);
    const k = key();
    const r = await redeem({ client_request_id: k });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'pending',
      response_code: '02',
      data: { request_id: k, product: 'ESIM', plan: PLAN, amount: PRICE, msisdn: '08031234567' },
    });
    const done = await eventually(
      () => status(k),
      (s) => s.json?.response_code === '00',
    );
    expect(done.json).toMatchObject({
      status: 'success',
      response_code: '00',
      response_message: 'Successful',
    });
    expect(done.json.data.iccid).toMatch(/^\d{19,20}$/);
    expect(done.json.data.lpa).toMatch(/^LPA:1\$[^$]+\$[^$]+$/);
    expect(before - (await balanceKobo(t, pair))).toBe(1_197_400);
    expect(ledgerKinds(t, done.json.data.internal_reference)).toEqual({ debit: 1 });
  });

  it('its QR code is served on the eSIM QR route under the client_request_id and decodes to the lpa', async () => {
    const k = key();
    await redeem({ client_request_id: k });
    const done = await eventually(
      () => status(k),
      (s) => s.json?.response_code === '00',
    );
    const qr = await getBytes(t, `/v1/esim/orders/${k}/qrcode`, pair);
    expect(qr.status).toBe(200);
    expect(qr.type).toBe('image/png');
    expect(decodeQr(qr.body)).toBe(done.json.data.lpa);
  });

  it('works without a recipient number: customer_msisdn may be empty', async () => {
    const k = key();
    expect((await redeem({ client_request_id: k, customer_msisdn: '' })).json.response_code).toBe('02');
    expect(
      (
        await eventually(
          () => status(k),
          (s) => s.json?.response_code === '00',
        )
      ).json.data.lpa,
    ).toMatch(/^LPA:1\$/);
  });

  it('refuses an amount other than the plan price, an unknown or missing plan, and a bad recipient number with 400, debiting nothing', async () => {
    const before = await balanceKobo(t, pair);
    for (const over of [
      { amount: '11973.00' },
      { amount: '20000' },
      { plan_code: 'ESIM-XX-1GB-1D' },
      { plan_code: undefined },
      { plan_code: 5001 },
      { customer_msisdn: '12345' },
    ]) {
      const r = await redeem(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.json).toMatchObject({ status: 'error', code: 400 });
    }
    expect(await balanceKobo(t, pair)).toBe(before);
  });

  it('a plan retired from the catalog can no longer be redeemed', async () => {
    const { db, catalog } = t.node.services;
    db.prepare(`UPDATE esim_plans SET active = 0 WHERE plan_id = 'ESIM-KE-3GB-30D'`).run();
    catalog.invalidate();
    expect((await redeem({ plan_code: 'ESIM-KE-3GB-30D', amount: '27141.00' })).status).toBe(400);
  });

  it('shares the key namespace with eSIM orders both ways (422), and is listed with the transactions', async () => {
    const k = key();
    await redeem({ client_request_id: k });
    expect(
      (await t.call('POST', '/v1/esim/orders', { pair, body: { request_id: k, plan_id: PLAN } })).status,
    ).toBe(422);
    const orderKey = key();
    expect(
      (await t.call('POST', '/v1/esim/orders', { pair, body: { request_id: orderKey, plan_id: PLAN } })).json
        .response_code,
    ).toBe('00');
    expect((await redeem({ client_request_id: orderKey })).status).toBe(422);
    const list = await t.call('GET', '/v1/transactions?limit=100', { pair });
    expect((list.json.data as { request_id: string }[]).some((row) => row.request_id === k)).toBe(true);
    expect((list.json.data as { request_id: string }[]).some((row) => row.request_id === orderKey)).toBe(
      false,
    );
    expect(t.ledgerOk()).toBe(true);
  });
});
