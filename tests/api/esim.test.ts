import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { balanceKobo, decodeQr, getBytes, ledgerKinds } from '../helpers/orders.js';

// Seeded plans (resources/catalog/esim-plans.json); USD at 1550 + 3%, EUR at 1680 + 3%.
const GB_5GB = 'ESIM-GB-5GB-30D'; // USD 9.50 -> 15166.75 -> 15167
const GB_5GB_NGN = '15167.00';
const FR_3GB_EUR = 'ESIM-FR-3GB-30D'; // EUR 7.50 -> 12978

let t: TestNode;
let buyer: Pair;
beforeAll(async () => {
  t = await startTestNode();
  buyer = t.merchant('ESBUY', { testNaira: 500_000 }).test;
});
afterAll(async () => t.close());

let n = 0;
const key = (p = 'es') => `${p}-${Date.now()}-${++n}`;
const order = (body: Record<string, unknown>, pair: Pair = buyer) =>
  t.call('POST', '/v1/esim/orders', { body, pair });
type Item = Record<string, any>;
const catalog = async (q = '') => (await t.call('GET', `/v1/esim/catalog${q}`)).json.data as Item[];

describe('eSIM catalog', () => {
  it('serves at least 30 plans, single-country and regional, with data size, duration and ngn_price, in the code-200 envelope', async () => {
    const r = await t.call('GET', '/v1/esim/catalog');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', code: 200, message: expect.any(String) });
    const items = r.json.data as Item[];
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(items.some((i) => i.country === '')).toBe(true);
    expect(new Set(items.filter((i) => i.country).map((i) => i.country)).size).toBeGreaterThanOrEqual(10);
    for (const i of items) {
      expect(Object.keys(i).sort()).toEqual([
        'country',
        'currency_code',
        'data_gb',
        'duration_days',
        'ngn_price',
        'plan_id',
        'region',
        'title',
      ]);
      expect(i.ngn_price).toMatch(/^\d+\.\d{2}$/);
      expect(i.data_gb).toBeGreaterThan(0);
      expect(i.duration_days).toBeGreaterThan(0);
    }
    expect(items.find((i) => i.plan_id === GB_5GB)).toEqual({
      plan_id: GB_5GB,
      title: 'United Kingdom 5GB / 30 days',
      country: 'GB',
      region: 'Europe',
      data_gb: 5,
      duration_days: 30,
      currency_code: 'USD',
      ngn_price: GB_5GB_NGN,
    });
  });

  it('country matches the ISO-2 code exactly, in any case; a malformed code is 400', async () => {
    const gb = await catalog('?country=gb');
    expect(gb.length).toBeGreaterThan(0);
    expect(gb.every((i) => i.country === 'GB')).toBe(true);
    expect(await catalog('?country=GB')).toEqual(gb);
    expect(await catalog('?country=ZZ')).toEqual([]);
    const bad = await t.call('GET', '/v1/esim/catalog?country=GBR');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: 'error', code: 400 });
  });

  it('region is a case-insensitive substring: single-country and regional plans of that region', async () => {
    const eu = await catalog('?region=eur');
    expect(eu.every((i) => i.region === 'Europe')).toBe(true);
    expect(eu.some((i) => i.country === '')).toBe(true);
    expect(eu.some((i) => i.country === 'FR')).toBe(true);
    expect((await catalog('?region=east')).every((i) => i.region === 'Middle East')).toBe(true);
  });

  it('search looks in title, country, region and plan id', async () => {
    expect((await catalog('?search=kingdom')).every((i) => i.country === 'GB')).toBe(true);
    expect((await catalog('?search=esim-gb-5gb')).map((i) => i.plan_id)).toEqual([GB_5GB]);
    expect((await catalog('?search=global')).length).toBeGreaterThan(0);
    expect((await catalog('?search=ng')).some((i) => i.country === 'NG')).toBe(true);
    expect(await catalog('?search=atlantis')).toEqual([]);
  });
});

describe('eSIM plan and quote', () => {
  it('the plan route returns the catalog item; an unknown plan is 404', async () => {
    const r = await t.call('GET', `/v1/esim/plans/${GB_5GB}`);
    expect(r.json).toEqual({
      status: 'success',
      code: 200,
      message: expect.any(String),
      data: (await catalog()).find((i) => i.plan_id === GB_5GB),
    });
    const missing = await t.call('GET', '/v1/esim/plans/ESIM-XX-1GB-1D');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 'error', code: 404 });
    expect((await t.call('GET', '/v1/esim/plans/ESIM-XX-1GB-1D/quote')).status).toBe(404);
  });

  it('catalog price, quote ngn_amount and order amount agree, and the order amount is the wallet debit (USD and EUR plans)', async () => {
    for (const [plan, ngn] of [
      [GB_5GB, GB_5GB_NGN],
      [FR_3GB_EUR, '12978.00'],
    ]) {
      const item = (await catalog()).find((i) => i.plan_id === plan)!;
      const quote = await t.call('GET', `/v1/esim/plans/${plan}/quote`);
      expect(quote.json).toEqual({
        status: 'success',
        code: 200,
        message: expect.any(String),
        data: { plan_id: plan, title: item.title, ngn_amount: ngn, currency_code: item.currency_code },
      });
      expect(item.ngn_price).toBe(ngn);
      const before = await balanceKobo(t, buyer);
      const o = await order({ request_id: key(), plan_id: plan });
      expect(o.json.data.amount).toBe(ngn);
      expect(before - (await balanceKobo(t, buyer))).toBe(Number(ngn) * 100);
    }
  });
});

describe('eSIM orders on test credentials', () => {
  it('answer 00 at once with the test install fields: iccid, activation_code, smdp_address, lpa beginning LPA:1$, redemption_instructions', async () => {
    const requestId = key();
    const r = await order({ request_id: requestId, plan_id: GB_5GB });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', response_code: '00', response_message: 'Successful' });
    const d = r.json.data;
    expect(d).toMatchObject({
      request_id: requestId,
      product: 'esim',
      product_title: 'United Kingdom 5GB / 30 days',
      amount: GB_5GB_NGN,
      merchant_id: expect.any(Number),
    });
    expect(d.iccid).toMatch(/^\d{19,20}$/);
    expect(d.lpa).toBe(`LPA:1$${d.smdp_address}$${d.activation_code}`);
    expect(d.redemption_instructions).toEqual(expect.any(String));
    expect(d.cards).toBeUndefined();
    expect((await t.call('GET', `/v1/esim/orders/${requestId}`, { pair: buyer })).json).toEqual(r.json);
    expect(ledgerKinds(t, d.internal_reference)).toEqual({ debit: 1 });
  });

  it("the QR code is an image/png that decodes back to the order's LPA string", async () => {
    const requestId = key();
    const lpa = (await order({ request_id: requestId, plan_id: GB_5GB })).json.data.lpa;
    const qr = await getBytes(t, `/v1/esim/orders/${requestId}/qrcode`, buyer);
    expect(qr.status).toBe(200);
    expect(qr.type).toBe('image/png');
    expect(qr.headers['cache-control']).toMatch(/no-store/);
    expect(decodeQr(qr.body)).toBe(lpa);
  });

  it('the QR of an unknown order is 404 with the spec error body', async () => {
    const r = await t.call('GET', '/v1/esim/orders/never-used/qrcode', { pair: buyer });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ status: 'error', code: 404 });
    expect((await t.call('GET', '/v1/esim/orders/never-used', { pair: buyer })).status).toBe(404);
  });

  it('request_id may be 40 characters, not 41; plan_id must be an active catalog string; all refusals are 400 and debit nothing', async () => {
    const before = await balanceKobo(t, buyer);
    const long41 = 'x'.repeat(41);
    for (const body of [
      { request_id: long41, plan_id: GB_5GB },
      { request_id: key(), plan_id: 'ESIM-XX-1GB-1D' },
      { request_id: key(), plan_id: 5 },
      { request_id: key() },
      { plan_id: GB_5GB },
      { request_id: '', plan_id: GB_5GB },
    ]) {
      const r = await order(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toMatchObject({ status: 'error', code: 400 });
    }
    expect(await balanceKobo(t, buyer)).toBe(before);
    const id40 = `${key('forty')}-`.padEnd(40, 'y');
    expect(id40).toHaveLength(40);
    expect((await order({ request_id: id40, plan_id: GB_5GB })).json.response_code).toBe('00');
  });

  it('a repeated request_id is 422 and debits nothing more', async () => {
    const requestId = key();
    await order({ request_id: requestId, plan_id: GB_5GB });
    const before = await balanceKobo(t, buyer);
    const dup = await order({ request_id: requestId, plan_id: FR_3GB_EUR });
    expect(dup.status).toBe(422);
    expect(dup.json).toMatchObject({ status: 'error', code: 422 });
    expect(await balanceKobo(t, buyer)).toBe(before);
  });

  it('shares one key namespace with gift-card orders and transactions (422 in every direction)', async () => {
    const esKey = key('ns');
    await order({ request_id: esKey, plan_id: GB_5GB });
    expect(
      (
        await t.call('POST', '/v1/giftcards/orders', {
          pair: buyer,
          body: { request_id: esKey, plan_id: 5001 },
        })
      ).status,
    ).toBe(422);
    const tx = {
      merchant_code: 'ESBUY',
      customer_msisdn: '08031234567',
      network: 'mtn',
      product: 'airtime',
      amount: '100',
    };
    expect(
      (await t.call('POST', '/v1/transactions', { pair: buyer, body: { ...tx, client_request_id: esKey } }))
        .status,
    ).toBe(422);
    const gcKey = key('ns');
    await t.call('POST', '/v1/giftcards/orders', { pair: buyer, body: { request_id: gcKey, plan_id: 5001 } });
    expect((await order({ request_id: gcKey, plan_id: GB_5GB })).status).toBe(422);
    const txKey = key('ns');
    expect(
      (await t.call('POST', '/v1/transactions', { pair: buyer, body: { ...tx, client_request_id: txKey } }))
        .status,
    ).toBe(200);
    expect((await order({ request_id: txKey, plan_id: GB_5GB })).status).toBe(422);
    expect((await t.call('GET', `/v1/esim/orders/${gcKey}`, { pair: buyer })).status).toBe(404);
  });

  it('install fields and QR stay on the order after the plan leaves the catalog', async () => {
    const requestId = key();
    const first = await order({ request_id: requestId, plan_id: 'ESIM-US-1GB-7D' });
    const { db, catalog: cat } = t.node.services;
    db.prepare(`DELETE FROM esim_plans WHERE plan_id = 'ESIM-US-1GB-7D'`).run();
    cat.invalidate();
    expect((await t.call('GET', '/v1/esim/plans/ESIM-US-1GB-7D')).status).toBe(404);
    expect((await t.call('GET', `/v1/esim/orders/${requestId}`, { pair: buyer })).json).toEqual(first.json);
    expect(decodeQr((await getBytes(t, `/v1/esim/orders/${requestId}/qrcode`, buyer)).body)).toBe(
      first.json.data.lpa,
    );
    expect(t.ledgerOk()).toBe(true);
  });
});

describe('documentation', () => {
  it('the OpenAPI document lists every gift-card and eSIM route, the QR as image/png', async () => {
    const r = await t.call('GET', '/v1/openapi.json', { pair: null });
    const paths = Object.keys(r.json.paths);
    for (const p of [
      '/v1/giftcards/catalog',
      '/v1/giftcards/plans/{plan_id}/quote',
      '/v1/giftcards/quote',
      '/v1/giftcards/plans/{plan_id}/availability',
      '/v1/giftcards/orders',
      '/v1/giftcards/orders/{request_id}',
      '/v1/esim/catalog',
      '/v1/esim/plans/{plan_id}/quote',
      '/v1/esim/plans/{plan_id}',
      '/v1/esim/orders',
      '/v1/esim/orders/{request_id}',
      '/v1/esim/orders/{request_id}/qrcode',
    ])
      expect(paths, p).toContain(p);
    expect(
      Object.keys(r.json.paths['/v1/esim/orders/{request_id}/qrcode'].get.responses['200'].content),
    ).toEqual(['image/png']);
  });
});
