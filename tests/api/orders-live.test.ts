import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { balanceKobo, decodeQr, getBytes, ledgerKinds, liveOrders, purchaseIdOf } from '../helpers/orders.js';

/**
 * Live gift-card and eSIM orders through an operator-routed simulator (a demo host): standard
 * stock and eSIMs answer 02 first, then resolve when the order is polled. The node's clock is
 * skewable so a test can make the requery "due" without waiting for the backoff.
 * Every test sends with the real clock, then skews it.
 */

const STEAM_USD_20 = 5001; // immediate
const PS_CAD_50 = 5009; // standard: 50 x 1120 x 1.03 = 57680
const GB_5GB = 'ESIM-GB-5GB-30D';

let n = 0;
const key = (p: string) => `${p}-${Date.now()}-${++n}`;

describe('live orders that resolve on poll', () => {
  let t: TestNode;
  let live: Pair;
  let test: Pair;
  let skew = 0;
  beforeAll(async () => {
    t = await startTestNode({}, { now: () => Date.now() + skew });
    ({ live, test } = liveOrders(t, 'LIVEOK', { pendingForMs: 0 }));
  });
  afterAll(async () => t.close());
  // Each test starts on the real clock: the simulator measures its pending time on Date.now().
  beforeEach(() => {
    skew = 0;
  });

  it('a standard-stock gift card answers 02 without cards, holds the debit, and becomes 00 with cards when polled once the requery is due', async () => {
    const before = await balanceKobo(t, live);
    const requestId = key('std');
    const first = await t.call('POST', '/v1/giftcards/orders', {
      pair: live,
      body: { request_id: requestId, plan_id: PS_CAD_50, quantity: 2 },
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      status: 'pending',
      response_code: '02',
      response_message: 'Pending',
      data: { request_id: requestId, product: 'giftcard', amount: '115360.00' },
    });
    expect(first.json.data.cards).toBeUndefined();
    expect(before - (await balanceKobo(t, live))).toBe(11_536_000);

    const early = await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: live });
    expect(early.json.response_code).toBe('02');
    expect(early.json.data.cards).toBeUndefined();

    skew += 11_000; // past the first requery delay (10 s)
    const done = await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: live });
    expect(done.json).toMatchObject({ status: 'success', response_code: '00' });
    expect(done.json.data.cards).toHaveLength(2);
    expect(before - (await balanceKobo(t, live))).toBe(11_536_000);
    expect(ledgerKinds(t, done.json.data.internal_reference)).toEqual({ debit: 1 });
  });

  it('an immediate-stock gift card answers 00 at once on live too', async () => {
    const r = await t.call('POST', '/v1/giftcards/orders', {
      pair: live,
      body: { request_id: key('imm'), plan_id: STEAM_USD_20 },
    });
    expect(r.json.response_code).toBe('00');
    expect(r.json.data.cards).toHaveLength(1);
  });

  it('a live eSIM order is pending first: no install fields, QR 404; the background poller completes it and the QR decodes to the LPA', async () => {
    const requestId = key('es');
    const first = await t.call('POST', '/v1/esim/orders', {
      pair: live,
      body: { request_id: requestId, plan_id: GB_5GB },
    });
    expect(first.json).toMatchObject({
      status: 'pending',
      response_code: '02',
      data: { product: 'esim', product_title: 'United Kingdom 5GB / 30 days' },
    });
    expect(first.json.data.iccid).toBeUndefined();
    expect(first.json.data.lpa).toBeUndefined();
    const qrPending = await t.call('GET', `/v1/esim/orders/${requestId}/qrcode`, { pair: live });
    expect(qrPending.status).toBe(404);
    expect(qrPending.json).toMatchObject({ status: 'error', code: 404 });

    skew += 11_000;
    expect(await t.node.services.worker.pollDue()).toBeGreaterThanOrEqual(1);
    const done = await t.call('GET', `/v1/esim/orders/${requestId}`, { pair: live });
    expect(done.json.response_code).toBe('00');
    expect(done.json.data.lpa).toMatch(/^LPA:1\$/);
    expect(done.json.data.iccid).toMatch(/^\d{19,20}$/);
    const qr = await getBytes(t, `/v1/esim/orders/${requestId}/qrcode`, live);
    expect(qr.status).toBe(200);
    expect(qr.type).toBe('image/png');
    expect(decodeQr(qr.body)).toBe(done.json.data.lpa);
    expect(t.ledgerOk()).toBe(true);
  });

  it("a live order is invisible to the same merchant's test credentials, and its key is free there (separate worlds)", async () => {
    const requestId = key('world');
    expect(
      (
        await t.call('POST', '/v1/giftcards/orders', {
          pair: live,
          body: { request_id: requestId, plan_id: STEAM_USD_20 },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: test })).status).toBe(404);
    expect(
      (
        await t.call('POST', '/v1/giftcards/orders', {
          pair: test,
          body: { request_id: requestId, plan_id: STEAM_USD_20 },
        })
      ).status,
    ).toBe(400); // unfunded test wallet, not 422
  });
});

describe('live orders that fail', () => {
  let t: TestNode;
  let live: Pair;
  let skew = 0;
  beforeAll(async () => {
    t = await startTestNode({}, { now: () => Date.now() + skew });
    ({ live } = liveOrders(t, 'LIVEFAIL', { failureRate: 1, pendingForMs: 0 }));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    skew = 0;
  });

  it('a failed gift-card order answers 01 and is refunded exactly once, however often it is polled afterwards', async () => {
    const before = await balanceKobo(t, live);
    const requestId = key('fail');
    const r = await t.call('POST', '/v1/giftcards/orders', {
      pair: live,
      body: { request_id: requestId, plan_id: STEAM_USD_20 },
    });
    expect(r.json).toMatchObject({
      status: 'failed',
      response_code: '01',
      response_message: 'Failed',
      data: { request_id: requestId, failure_reason: 'Simulated failure' },
    });
    expect(r.json.data.internal_reference).toEqual(expect.any(String));
    expect(r.json.data.cards).toBeUndefined();
    expect(await balanceKobo(t, live)).toBe(before);
    skew += 3_600_000;
    await t.node.services.worker.pollDue();
    await t.node.services.worker.requery(purchaseIdOf(t, r.json.data.internal_reference));
    for (let i = 0; i < 3; i++)
      expect(
        (await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: live })).json.response_code,
      ).toBe('01');
    expect(await balanceKobo(t, live)).toBe(before);
    expect(ledgerKinds(t, r.json.data.internal_reference)).toEqual({ debit: 1, refund: 1 });
    expect(t.ledgerOk()).toBe(true);
  });

  it('a pending standard-stock order that then fails is refunded once, on the poll that learns it', async () => {
    const before = await balanceKobo(t, live);
    const requestId = key('pfail');
    const r = await t.call('POST', '/v1/giftcards/orders', {
      pair: live,
      body: { request_id: requestId, plan_id: PS_CAD_50 },
    });
    expect(r.json.response_code).toBe('02');
    expect(before - (await balanceKobo(t, live))).toBe(5_768_000);
    skew += 11_000;
    const polled = await Promise.all(
      [1, 2, 3].map(() => t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: live })),
    );
    await t.node.services.worker.pollDue();
    const final = await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: live });
    expect(final.json.response_code).toBe('01');
    expect(polled.every((p) => ['01', '02'].includes(p.json.response_code))).toBe(true);
    expect(await balanceKobo(t, live)).toBe(before);
    expect(ledgerKinds(t, r.json.data.internal_reference)).toEqual({ debit: 1, refund: 1 });
    expect(t.ledgerOk()).toBe(true);
  });

  it('a failed eSIM order is refunded once and never gets a QR', async () => {
    const before = await balanceKobo(t, live);
    const requestId = key('esfail');
    expect(
      (
        await t.call('POST', '/v1/esim/orders', {
          pair: live,
          body: { request_id: requestId, plan_id: GB_5GB },
        })
      ).json.response_code,
    ).toBe('02');
    skew += 11_000;
    expect((await t.call('GET', `/v1/esim/orders/${requestId}`, { pair: live })).json.response_code).toBe(
      '01',
    );
    expect((await t.call('GET', `/v1/esim/orders/${requestId}/qrcode`, { pair: live })).status).toBe(404);
    expect(await balanceKobo(t, live)).toBe(before);
    expect(t.ledgerOk()).toBe(true);
  });
});

describe('live orders without a provider', () => {
  let t: TestNode;
  beforeAll(async () => {
    t = await startTestNode();
  });
  afterAll(async () => t.close());

  it('are refused with 503 (service not available) and charge nothing', async () => {
    const m = t.merchant('NOROUTE', { liveNaira: 100_000, allowIps: ['127.0.0.1'] });
    const before = await balanceKobo(t, m.live);
    // Availability, the step before the order, already says so (in stock or not).
    const stock = await t.call('GET', `/v1/giftcards/plans/${STEAM_USD_20}/availability`, { pair: m.live });
    expect(stock.status).toBe(200);
    // Nothing can deliver the card, however the catalog holds it: the spec's word for "cannot be bought now".
    expect(stock.json.data).toEqual({
      available: false,
      detail: 'Gift cards cannot be ordered in live: no provider is set up for them on this node',
      fulfillment: 'out_of_stock',
    });
    const testStock = await t.call('GET', `/v1/giftcards/plans/${STEAM_USD_20}/availability`, {
      pair: m.test,
    });
    expect(testStock.json.data.available).toBe(true);
    const gc = await t.call('POST', '/v1/giftcards/orders', {
      pair: m.live,
      body: { request_id: 'nr-1', plan_id: STEAM_USD_20 },
    });
    expect(gc.status).toBe(503);
    expect(gc.json).toMatchObject({ status: 'error', code: 503 });
    expect(
      (
        await t.call('POST', '/v1/esim/orders', {
          pair: m.live,
          body: { request_id: 'nr-2', plan_id: GB_5GB },
        })
      ).status,
    ).toBe(503);
    expect(await balanceKobo(t, m.live)).toBe(before);
  });

  it('live credentials from a non-allowlisted IP get 403', async () => {
    const m = t.merchant('NOIP', { liveNaira: 100_000 });
    expect((await t.call('GET', '/v1/giftcards/catalog', { pair: m.live })).status).toBe(403);
  });
});

describe('orders chained to another VendPoint node (vending-api upstream)', () => {
  let provider: TestNode;
  let host: TestNode;
  let live: Pair;
  beforeAll(async () => {
    provider = await startTestNode();
    host = await startTestNode();
    // The host resells the provider: its live gift-card and eSIM orders go to the provider's /v1 API.
    const { addUpstream } = await import('../../server/store/upstreams.js');
    addUpstream(
      host.node.services.db,
      host.node.services.box,
      {
        name: 'provider',
        type: 'vending-api',
        baseUrl: provider.url,
        merchantCode: 'DEMO',
        keyId: provider.demo.key,
        secret: provider.demo.secret,
        products: ['giftcard', 'esim'],
      },
      'test',
    );
    live = host.merchant('RESELL', { liveNaira: 500_000, allowIps: ['127.0.0.1'] }).live;
  });
  afterAll(async () => {
    await host.close();
    await provider.close();
  });

  it('a gift-card order is placed upstream under our internal reference and its cards come back on our order', async () => {
    const r = await host.call('POST', '/v1/giftcards/orders', {
      pair: live,
      body: { request_id: 'chain-gc-1', plan_id: STEAM_USD_20, quantity: 2 },
    });
    expect(r.json).toMatchObject({ response_code: '00', data: { amount: '63860.00' } });
    expect(r.json.data.cards).toHaveLength(2);
    const upstream = await provider.call('GET', `/v1/giftcards/orders/${r.json.data.internal_reference}`);
    expect(upstream.json.response_code).toBe('00');
    expect(upstream.json.data.cards).toEqual(r.json.data.cards);
    expect(host.ledgerOk() && provider.ledgerOk()).toBe(true);
  });

  it('an eSIM order comes back with the install fields, and our QR decodes to the same LPA', async () => {
    const r = await host.call('POST', '/v1/esim/orders', {
      pair: live,
      body: { request_id: 'chain-es-1', plan_id: GB_5GB },
    });
    expect(r.json.response_code).toBe('00');
    expect(r.json.data.lpa).toMatch(/^LPA:1\$/);
    const qr = await getBytes(host, '/v1/esim/orders/chain-es-1/qrcode', live);
    expect(decodeQr(qr.body)).toBe(r.json.data.lpa);
  });
});
