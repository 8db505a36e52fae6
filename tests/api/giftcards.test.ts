import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { balanceKobo, ledgerKinds } from '../helpers/orders.js';
import { setPlanActive } from '../../server/store/catalog.js';

// Seeded plans (resources/catalog/giftcards.json) and prices at the seeded FX (USD 1550 + 3%).
const STEAM_USD_20 = 5001; // fixed, immediate: 20 x 1550 x 1.03 = 31930
const STEAM_PRICE = '31930.00';
const PS_CAD_50 = 5009; // fixed, standard
const NINTENDO_PREORDER = 5013;
const NINTENDO_OUT_OF_STOCK = 5014;
const AMAZON_VARIABLE = 5035; // USD 10-500, immediate

let t: TestNode;
let buyer: Pair;
beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant('GCBUY', { testNaira: 1_000_000 });
  buyer = m.test;
});
afterAll(async () => t.close());

let n = 0;
const key = (p = 'gc') => `${p}-${Date.now()}-${++n}`;
const order = (body: Record<string, unknown>, pair: Pair = buyer) =>
  t.call('POST', '/v1/giftcards/orders', { body, pair });

describe('gift-card catalog', () => {
  it('serves at least 40 plans in the catalog envelope with integer code 200, all five currencies, fixed and variable prices, some featured', async () => {
    const r = await t.call('GET', '/v1/giftcards/catalog');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', code: 200, message: expect.any(String) });
    const items = r.json.data as Record<string, unknown>[];
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(new Set(items.map((i) => i.currency_code))).toEqual(new Set(['USD', 'EUR', 'GBP', 'CAD', 'AED']));
    for (const c of ['Gaming', 'Streaming', 'Shopping', 'Travel', 'Crypto'])
      expect(items.some((i) => i.ui_category === c)).toBe(true);
    expect(new Set(items.map((i) => i.region)).size).toBeGreaterThanOrEqual(4);
    expect(items.some((i) => i.fixed_price === false)).toBe(true);
    expect(items.some((i) => i.featured === true)).toBe(true);
  });

  it('items carry the spec fields: fixed plans a face_value, variable plans min_price/max_price, ngn_price as a Naira string', async () => {
    const items = (await t.call('GET', '/v1/giftcards/catalog')).json.data as Record<string, unknown>[];
    const steam = items.find((i) => i.plan_id === STEAM_USD_20)!;
    expect(steam).toEqual({
      plan_id: STEAM_USD_20,
      title: 'Steam Wallet USD 20 (US)',
      brand: 'Steam',
      region: 'US',
      ui_category: 'Gaming',
      face_value: 20,
      currency_code: 'USD',
      ngn_price: STEAM_PRICE,
      fixed_price: true,
      featured: true,
    });
    const amazon = items.find((i) => i.plan_id === AMAZON_VARIABLE)!;
    expect(amazon).toMatchObject({
      fixed_price: false,
      min_price: 10,
      max_price: 500,
      ngn_price: '15965.00',
    });
    expect(amazon.face_value).toBeUndefined();
    for (const i of items) expect(i.ngn_price).toMatch(/^\d+\.\d{2}$/);
  });

  it('filters by brand (any case), currency, category, featured and search over title or category', async () => {
    const get = async (q: string) =>
      (await t.call('GET', `/v1/giftcards/catalog?${q}`)).json.data as Record<string, any>[];
    const steam = await get('brand=steam');
    expect(steam.length).toBeGreaterThan(0);
    expect(steam.every((i) => i.brand === 'Steam')).toBe(true);
    const gbp = await get('currency=gbp');
    expect(gbp.length).toBeGreaterThan(0);
    expect(gbp.every((i) => i.currency_code === 'GBP')).toBe(true);
    const crypto = await get('category=Crypto');
    expect(crypto.length).toBeGreaterThan(0);
    expect(crypto.every((i) => i.ui_category === 'Crypto')).toBe(true);
    const featured = await get('featured=true');
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((i) => i.featured)).toBe(true);
    expect(await get('featured=false')).toHaveLength((await get('')).length);
    const search = await get('search=wallet');
    expect(search.length).toBeGreaterThan(0);
    expect(
      search.every(
        (i) => /wallet/i.test(i.title) || /wallet/i.test(i.ui_category) || /wallet/i.test(i.brand),
      ),
    ).toBe(true);
    const byCategory = await get('search=streaming');
    expect(byCategory.some((i) => i.ui_category === 'Streaming' && !/streaming/i.test(i.title))).toBe(true);
    const combined = await get('brand=Steam&currency=EUR');
    expect(combined.map((i) => i.plan_id)).toEqual([5003]);
    expect(await get('search=no-such-brand-anywhere')).toEqual([]);
  });

  it('refuses an unknown currency or featured value with 400, and no credentials with 401', async () => {
    expect((await t.call('GET', '/v1/giftcards/catalog?currency=JPY')).json).toMatchObject({
      status: 'error',
      code: 400,
    });
    expect((await t.call('GET', '/v1/giftcards/catalog?featured=yes')).status).toBe(400);
    const anon = await t.call('GET', '/v1/giftcards/catalog', { pair: null });
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ status: 'error', code: 401 });
  });

  it('a retired plan leaves the catalog and cannot be quoted', async () => {
    const { db, catalog } = t.node.services;
    setPlanActive(db, 'giftcard', 5002, false, 'test');
    catalog.invalidate();
    try {
      const items = (await t.call('GET', '/v1/giftcards/catalog')).json.data as { plan_id: number }[];
      expect(items.some((i) => i.plan_id === 5002)).toBe(false);
      expect((await t.call('GET', '/v1/giftcards/plans/5002/quote')).status).toBe(400);
    } finally {
      setPlanActive(db, 'giftcard', 5002, true, 'test');
      catalog.invalidate();
    }
  });
});

describe('gift-card quote', () => {
  it('GET and POST quote give the same data, equal to the catalog ngn_price', async () => {
    const g = await t.call('GET', `/v1/giftcards/plans/${STEAM_USD_20}/quote`);
    const p = await t.call('POST', '/v1/giftcards/quote', { body: { plan_id: STEAM_USD_20 } });
    expect(g.status).toBe(200);
    expect(g.json).toEqual({
      status: 'success',
      code: 200,
      message: expect.any(String),
      data: { plan_id: STEAM_USD_20, ngn_amount: STEAM_PRICE, currency_code: 'USD', face_value: 20 },
    });
    expect(p.json).toEqual(g.json);
  });

  it('a variable plan is quoted at the face value asked for, at its minimum when none is given', async () => {
    expect((await t.call('GET', `/v1/giftcards/plans/${AMAZON_VARIABLE}/quote`)).json.data).toMatchObject({
      face_value: 10,
      ngn_amount: '15965.00',
    });
    expect(
      (await t.call('GET', `/v1/giftcards/plans/${AMAZON_VARIABLE}/quote?face_value=100`)).json.data,
    ).toMatchObject({ face_value: 100, ngn_amount: '159650.00' });
    expect(
      (await t.call('POST', '/v1/giftcards/quote', { body: { plan_id: AMAZON_VARIABLE, face_value: 100 } }))
        .json.data.ngn_amount,
    ).toBe('159650.00');
  });

  it('refuses an unknown plan, a price outside the range and a non-integer plan_id with 400', async () => {
    for (const path of [
      '/v1/giftcards/plans/999999/quote',
      '/v1/giftcards/plans/abc/quote',
      `/v1/giftcards/plans/${AMAZON_VARIABLE}/quote?face_value=501`,
      `/v1/giftcards/plans/${AMAZON_VARIABLE}/quote?face_value=5`,
    ]) {
      const r = await t.call('GET', path);
      expect(r.status, path).toBe(400);
      expect(r.json).toMatchObject({ status: 'error', code: 400 });
    }
    expect(
      (await t.call('POST', '/v1/giftcards/quote', { body: { plan_id: String(STEAM_USD_20) } })).status,
    ).toBe(400);
    expect((await t.call('POST', '/v1/giftcards/quote', { body: {} })).status).toBe(400);
  });

  it("judges a fixed plan's face_value as the order does: its own is quoted, another is a 400", async () => {
    const own = await t.call('GET', `/v1/giftcards/plans/${STEAM_USD_20}/quote?face_value=20`);
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ face_value: 20, ngn_amount: STEAM_PRICE });
    for (const r of [
      await t.call('GET', `/v1/giftcards/plans/${STEAM_USD_20}/quote?face_value=50`),
      await t.call('POST', '/v1/giftcards/quote', { body: { plan_id: STEAM_USD_20, face_value: 50 } }),
    ]) {
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/face_value 50 does not match this fixed-price plan's 20 USD/);
    }
  });
});

describe('gift-card availability (stock table)', () => {
  const avail = (plan: number, q = '') => t.call('GET', `/v1/giftcards/plans/${plan}/availability${q}`);

  it('immediate and standard are available; out_of_stock and preorder are not', async () => {
    const rows = [
      [STEAM_USD_20, true, 'immediate'],
      [PS_CAD_50, true, 'standard'],
      [NINTENDO_OUT_OF_STOCK, false, 'out_of_stock'],
      [NINTENDO_PREORDER, false, 'preorder'],
    ] as const;
    for (const [plan, available, fulfillment] of rows) {
      const r = await avail(plan);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        status: 'success',
        code: 200,
        message: expect.any(String),
        data: { available, detail: expect.any(String), fulfillment },
      });
    }
  });

  it('quantity defaults to 1 and may be up to 5; 0, 6 and text are 400; an unknown plan is 400', async () => {
    expect((await avail(STEAM_USD_20)).json.data.detail).toMatch(/quantity 1/);
    expect((await avail(STEAM_USD_20, '?quantity=5')).status).toBe(200);
    for (const q of ['0', '6', 'two']) expect((await avail(STEAM_USD_20, `?quantity=${q}`)).status).toBe(400);
    expect((await avail(999999)).status).toBe(400);
  });
});

describe('gift-card orders on test credentials', () => {
  it('answer 00 at once with cards.length === quantity, debiting ngn_price x quantity', async () => {
    const before = await balanceKobo(t, buyer);
    const requestId = key();
    const r = await order({ request_id: requestId, plan_id: STEAM_USD_20, quantity: 3 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', response_code: '00', response_message: 'Successful' });
    const d = r.json.data;
    expect(d).toMatchObject({
      request_id: requestId,
      product: 'giftcard',
      product_title: 'Steam Wallet USD 20 (US)',
      amount: '95790.00',
      merchant_id: expect.any(Number),
    });
    expect(d.internal_reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.reference_code).toEqual(expect.any(String));
    expect(d.cards).toHaveLength(3);
    for (const c of d.cards)
      expect(c).toMatchObject({ card_number: expect.any(String), pin_code: expect.any(String) });
    expect(before - (await balanceKobo(t, buyer))).toBe(3 * 3_193_000);
    const again = await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: buyer });
    expect(again.json).toEqual(r.json);
  });

  it('a standard-stock plan also answers 00 at once on test credentials', async () => {
    const r = await order({ request_id: key(), plan_id: PS_CAD_50 });
    expect(r.json.response_code).toBe('00');
    expect(r.json.data.cards).toHaveLength(1);
  });

  it('a variable plan is bought at the face value sent and debited at that price; outside the range is 400 and debits nothing', async () => {
    const before = await balanceKobo(t, buyer);
    const ok = await order({ request_id: key(), plan_id: AMAZON_VARIABLE, face_value: 100, quantity: 2 });
    expect(ok.json).toMatchObject({ response_code: '00', data: { amount: '319300.00' } });
    expect(before - (await balanceKobo(t, buyer))).toBe(2 * 15_965_000);
    const mid = await balanceKobo(t, buyer);
    for (const face of [9, 500.5, '100']) {
      const r = await order({ request_id: key(), plan_id: AMAZON_VARIABLE, face_value: face });
      expect(r.status, String(face)).toBe(400);
    }
    expect(await balanceKobo(t, buyer)).toBe(mid);
  });

  it('a variable plan ordered with the spec body alone (no face_value) buys its minimum, at the catalog and quote price', async () => {
    const catalog = await t.call('GET', '/v1/giftcards/catalog?brand=Amazon', { pair: buyer });
    const listed = (catalog.json.data as { plan_id: number; ngn_price: string }[]).find(
      (p) => p.plan_id === AMAZON_VARIABLE,
    )!;
    const quote = await t.call('GET', `/v1/giftcards/plans/${AMAZON_VARIABLE}/quote`, { pair: buyer });
    expect(quote.json.data).toMatchObject({ face_value: 10, ngn_amount: listed.ngn_price });
    const before = await balanceKobo(t, buyer);
    const r = await order({ request_id: key(), plan_id: AMAZON_VARIABLE });
    expect(r.json).toMatchObject({ response_code: '00', data: { amount: listed.ngn_price } });
    expect(before - (await balanceKobo(t, buyer))).toBe(Math.round(Number(listed.ngn_price) * 100));
  });

  it('a fixed plan takes its own face value or none; a different one is 400, debits nothing and keeps the key free', async () => {
    const before = await balanceKobo(t, buyer);
    const id = key();
    for (const face of [50, 'abc', 19.99]) {
      const r = await order({ request_id: id, plan_id: STEAM_USD_20, face_value: face });
      expect(r.status, String(face)).toBe(400);
      expect(r.json.message).toMatch(/does not match this fixed-price plan's 20 USD/);
    }
    expect(await balanceKobo(t, buyer)).toBe(before);
    const ok = await order({ request_id: id, plan_id: STEAM_USD_20, face_value: 20 });
    expect(ok.json).toMatchObject({ response_code: '00', data: { amount: STEAM_PRICE } });
  });

  it('out_of_stock and preorder plans are rejected with 400; nothing is debited and the request_id stays free', async () => {
    const before = await balanceKobo(t, buyer);
    const requestId = key();
    for (const plan of [NINTENDO_OUT_OF_STOCK, NINTENDO_PREORDER]) {
      const r = await order({ request_id: requestId, plan_id: plan });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/out of stock|pre-order/);
    }
    expect(await balanceKobo(t, buyer)).toBe(before);
    expect((await order({ request_id: requestId, plan_id: STEAM_USD_20 })).json.response_code).toBe('00');
  });

  it('validates the body: quantity 1-5, send_via with a matching destination, plan_id an active integer id (400, nothing debited)', async () => {
    const before = await balanceKobo(t, buyer);
    const bad: Record<string, unknown>[] = [
      { plan_id: STEAM_USD_20, quantity: 6 },
      { plan_id: STEAM_USD_20, quantity: 0 },
      { plan_id: STEAM_USD_20, quantity: '2' },
      { plan_id: STEAM_USD_20, send_via: 'email' },
      { plan_id: STEAM_USD_20, send_via: 'email', destination: 'not-an-email' },
      { plan_id: STEAM_USD_20, send_via: 'sms', destination: 'ada@example.com' },
      { plan_id: STEAM_USD_20, send_via: 'pigeon', destination: '08031234567' },
      { plan_id: STEAM_USD_20, destination: '08031234567' },
      { plan_id: 999999 },
      { plan_id: String(STEAM_USD_20) },
      {},
    ];
    for (const b of bad) {
      const r = await order({ request_id: key(), ...b });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.json).toMatchObject({ status: 'error', code: 400 });
    }
    expect((await order({ plan_id: STEAM_USD_20 })).status).toBe(400);
    expect(await balanceKobo(t, buyer)).toBe(before);
  });

  it('accepts delivery by email, sms and whatsapp and still returns the cards on the order', async () => {
    for (const [via, dest] of [
      ['email', 'ada@example.com'],
      ['sms', '08031234567'],
      ['whatsapp', '+447700900123'],
    ]) {
      const r = await order({ request_id: key(), plan_id: STEAM_USD_20, send_via: via, destination: dest });
      expect(r.json.response_code, via).toBe('00');
      expect(r.json.data.cards).toHaveLength(1);
    }
  });

  it('a repeated request_id is refused with 422 and debits nothing more; the status call shows the first outcome', async () => {
    const requestId = key();
    const first = await order({ request_id: requestId, plan_id: STEAM_USD_20 });
    const after = await balanceKobo(t, buyer);
    const dup = await order({ request_id: requestId, plan_id: STEAM_USD_20, quantity: 2 });
    expect(dup.status).toBe(422);
    expect(dup.json).toMatchObject({ status: 'error', code: 422 });
    expect(await balanceKobo(t, buyer)).toBe(after);
    expect((await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: buyer })).json).toEqual(
      first.json,
    );
  });

  it('many identical orders at once: exactly one debits, the rest get 422', async () => {
    const before = await balanceKobo(t, buyer);
    const requestId = key('race');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => order({ request_id: requestId, plan_id: STEAM_USD_20 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(11);
    expect(before - (await balanceKobo(t, buyer))).toBe(3_193_000);
  });

  it('insufficient balance is 400, stores nothing and leaves the request_id free for a retry after funding', async () => {
    const poor = t.merchant('GCPOOR', { testNaira: 30_000 });
    const requestId = key('poor');
    const r = await order({ request_id: requestId, plan_id: STEAM_USD_20 }, poor.test);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/insufficient/i);
    expect((await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: poor.test })).status).toBe(404);
    const { fundWallet } = await import('../../server/store/wallets.js');
    fundWallet(t.node.services.db, {
      merchantId: poor.id,
      merchantCode: 'GCPOOR',
      env: 'test',
      amountKobo: 500_000,
      reason: 'top up',
      actor: 'test',
    });
    expect(
      (await order({ request_id: requestId, plan_id: STEAM_USD_20 }, poor.test)).json.response_code,
    ).toBe('00');
    expect(t.ledgerOk()).toBe(true);
  });

  it('an unknown request_id is 404; another merchant cannot read the order (404, no data)', async () => {
    const missing = await t.call('GET', '/v1/giftcards/orders/never-used', { pair: buyer });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 'error', code: 404 });
    const requestId = key();
    await order({ request_id: requestId, plan_id: STEAM_USD_20 });
    const other = await t.call('GET', `/v1/giftcards/orders/${requestId}`);
    expect(other.status).toBe(404);
    expect(other.json.data).toBeUndefined();
  });

  it('the cards stay on the order after the plan leaves the catalog', async () => {
    const requestId = key();
    const first = await order({ request_id: requestId, plan_id: 5005 });
    expect(first.json.response_code).toBe('00');
    const { db, catalog } = t.node.services;
    db.prepare('DELETE FROM giftcards WHERE plan_id = 5005').run();
    catalog.invalidate();
    const later = await t.call('GET', `/v1/giftcards/orders/${requestId}`, { pair: buyer });
    expect(later.json).toEqual(first.json);
    expect(later.json.data.cards).toHaveLength(1);
    expect(later.json.data.product_title).toBe('PlayStation Store USD 25 (US)');
  });
});

describe('one idempotency namespace with transactions', () => {
  it('a gift-card request_id cannot be reused as a client_request_id, and the reverse (422)', async () => {
    const used = key('shared');
    expect((await order({ request_id: used, plan_id: STEAM_USD_20 })).status).toBe(200);
    const tx = await buyAirtime(t, used, { merchant_code: 'GCBUY' }, buyer);
    expect(tx.status).toBe(422);
    // The message points at where that key's outcome is read: the gift-card order, not the status call.
    expect(tx.json.message).toContain(`read its outcome with GET /v1/giftcards/orders/${used}`);

    const txKey = key('tx');
    const made = await buyAirtime(t, txKey, { merchant_code: 'GCBUY' }, buyer);
    expect(made.status).toBe(200);
    const before = await balanceKobo(t, buyer);
    const again = await order({ request_id: txKey, plan_id: STEAM_USD_20 });
    expect(again.status).toBe(422);
    expect(again.json.message).toMatch(
      /read its outcome with the status call \(GET \/v1\/transactions\/status\)/,
    );
    expect(await balanceKobo(t, buyer)).toBe(before);
    // Each read route shows only its own kind.
    expect((await t.call('GET', `/v1/giftcards/orders/${txKey}`, { pair: buyer })).status).toBe(404);
    expect(
      (await t.call('GET', `/v1/transactions/status?client_request_id=${used}`, { pair: buyer })).status,
    ).toBe(404);
  });

  it('each gift-card order is debited once, and the ledger verifies', async () => {
    const r = await order({ request_id: key(), plan_id: STEAM_USD_20 });
    expect(ledgerKinds(t, r.json.data.internal_reference)).toEqual({ debit: 1 });
    expect(t.ledgerOk()).toBe(true);
  });
});
