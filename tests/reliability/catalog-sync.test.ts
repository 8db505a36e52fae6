import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { lastCatalogSync, syncCatalogs } from '../../server/services/catalog-sync.js';
import { setPlanActive } from '../../server/store/catalog.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { ALL_PRODUCTS, buy, liveMerchant, purchaseByKey, routeTo } from './live-node.js';

/**
 * Catalog sync: local catalogs refreshed from vending-api upstreams, local plan ids
 * stable, rows gone upstream deactivated (never deleted), the run recorded, the in-memory
 * catalog dropped so the API shows the result at once.
 */

type Row = Record<string, any>;
const one = (t: TestNode, sql: string, ...p: unknown[]) =>
  t.node.services.db.prepare(sql).get(...p) as Row | undefined;
const count = (t: TestNode, sql: string, ...p: unknown[]) =>
  (t.node.services.db.prepare(sql).get(...p) as { n: number }).n;

describe('catalog sync against the fault upstream (a provider with its own plan ids)', () => {
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  const code = 'SYNCF';
  let totals: { data: number; maxBillId: number; cards: number; esim: number };

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode();
    routeTo(t, 'fault', fault.url, ALL_PRODUCTS);
    ({ live } = liveMerchant(t, code));
    totals = {
      data: count(t, 'SELECT COUNT(*) AS n FROM data_plans'),
      maxBillId: count(t, 'SELECT MAX(id) AS n FROM bill_plans'),
      cards: count(t, 'SELECT COUNT(*) AS n FROM giftcards'),
      esim: count(t, 'SELECT COUNT(*) AS n FROM esim_plans'),
    };
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  it('an upstream that cannot be read changes nothing and the run is recorded as not ok', async () => {
    await fault.control({ mode: '5xx' });
    const r = await syncCatalogs(t.node.services);
    expect(r.ok).toBe(false);
    expect(r.upstreams).toEqual([expect.objectContaining({ name: 'fault', ok: false })]);
    expect(count(t, 'SELECT COUNT(*) AS n FROM data_plans WHERE active = 0')).toBe(0);
    expect(lastCatalogSync(t.node.services)).toMatchObject({ ok: false, trigger: 'manual' });
    await fault.control({ mode: 'ok' });
  });

  it('matches, adds and deactivates; keeps local ids; records the run; the API shows the result at once', async () => {
    const ikejaPrepaid = one(t, `SELECT * FROM bill_plans WHERE id = 101`)!;
    const r = await syncCatalogs(t.node.services);
    expect(r.ok).toBe(true);
    // Data: the provider's 8 codes (MTN-1 ... 9MOBILE-2) are new to us; every old code is gone there.
    expect(r.changes.data).toMatchObject({ added: 8, updated: 0, deactivated: totals.data });
    const mtn1 = one(t, `SELECT * FROM data_plans WHERE plan_code = 'MTN-1'`)!;
    expect(mtn1.id).toBeGreaterThan(1_000);
    expect(mtn1).toMatchObject({ network: 'MTN', price_kobo: 100_000, active: 1 });
    expect(one(t, `SELECT active FROM data_plans WHERE plan_code = 'MTN-101'`)).toEqual({ active: 0 });
    expect(count(t, 'SELECT COUNT(*) AS n FROM data_plans')).toBe(totals.data + 8); // nothing deleted

    // Bills: matched by product+network+name; the local id stays, the provider's id is recorded.
    expect(r.changes.bills).toMatchObject({ added: 1, updated: 1 }); // Bet9ja wallet is new; DStv Compact re-priced
    expect(one(t, `SELECT * FROM bill_plans WHERE id = 101`)).toEqual(ikejaPrepaid);
    expect(one(t, `SELECT price_kobo, active FROM bill_plans WHERE id = 204`)).toEqual({
      price_kobo: 1_570_000,
      active: 1,
    });
    const bet9ja = one(t, `SELECT id FROM bill_plans WHERE name = 'Bet9ja wallet'`)!;
    expect(bet9ja.id).toBe(totals.maxBillId + 1); // a new row gets a new local id
    expect(
      t.node.services.db
        .prepare(
          `SELECT local_id, upstream_id FROM upstream_plan_ids WHERE upstream_name = 'fault' ORDER BY local_id`,
        )
        .all(),
    ).toEqual([
      { local_id: '101', upstream_id: '1' },
      { local_id: '102', upstream_id: '2' },
      { local_id: '204', upstream_id: '10' },
      { local_id: String(bet9ja.id), upstream_id: '20' },
    ]);
    // Gone upstream within what it lists (DStv, Bet9ja): deactivated. A network it lists nothing
    // for (EKEDC, GOtv) reads as a gap in its answer, not a withdrawal: left alone.
    expect(r.changes.bills!.deactivated).toBe(13);
    expect(one(t, `SELECT active FROM bill_plans WHERE id = 201`)).toEqual({ active: 0 });
    expect(one(t, `SELECT active FROM bill_plans WHERE id = 301`)).toEqual({ active: 0 });
    expect(one(t, `SELECT active FROM bill_plans WHERE id = 103`)).toEqual({ active: 1 });
    expect(one(t, `SELECT active FROM bill_plans WHERE id = 214`)).toEqual({ active: 1 });

    // Gift cards and eSIM: by plan_id; the new eSIM plan is priced from the provider's ngn_price.
    expect(r.changes.giftcards).toMatchObject({ added: 1, deactivated: totals.cards });
    expect(r.changes.esim).toMatchObject({ added: 1, deactivated: totals.esim });
    const esim = one(t, `SELECT * FROM esim_plans WHERE plan_id = 'esim-gb-5'`)!;
    expect(esim).toMatchObject({ currency_code: 'USD', country: 'GB', active: 1 });

    // The API serves the synced catalog immediately (the in-memory snapshot was dropped).
    const plans = await t.call('GET', '/v1/plans/mtn', { pair: live });
    expect(plans.json.data.map((p: Row) => p.plan_code)).toEqual(['MTN-1', 'MTN-2']);
    const esimCatalog = await t.call('GET', '/v1/esim/catalog', { pair: live });
    expect(esimCatalog.json.data).toEqual([expect.objectContaining({ plan_id: 'esim-gb-5' })]);
    // Rounded up to the cent, the local NGN price is never below the provider's ₦7,500.
    expect(Number(esimCatalog.json.data[0].ngn_price)).toBeGreaterThanOrEqual(7_500);
    expect(Number(esimCatalog.json.data[0].ngn_price)).toBeLessThan(7_520);

    expect(lastCatalogSync(t.node.services)).toMatchObject({
      ok: true,
      trigger: 'manual',
      summary: { changes: r.changes },
    });
  });

  it('a purchase of a synced bill plan sends the provider its own plan id; verify too', async () => {
    await fault.control({ reset: true });
    const b = await buy(t, live, code, 'electricity', `sync-elec-${Date.now()}`);
    expect(b.json.response_code).toBe('00');
    const requests = (await fault.stats()).requests;
    const verify = requests.find((q) => q.path === '/v1/transactions/verify')!;
    const vend = requests.find((q) => q.path === '/v1/transactions')!;
    expect((verify.body as Row).plan_code).toBe('1');
    expect((vend.body as Row).plan_code).toBe('1');
    expect(purchaseByKey(t, b.key)).toMatchObject({ state: 'success' });
    // The merchant still names the plan by our stable id.
    const status = await t.call('GET', `/v1/transactions/status?client_request_id=${b.key}`, { pair: live });
    expect(status.json.data.plan).toBe('101');
  });

  it('a second sync with nothing changed upstream changes nothing', async () => {
    const before = t.node.services.db
      .prepare('SELECT id, plan_code, price_kobo, active FROM data_plans ORDER BY id')
      .all();
    const r = await syncCatalogs(t.node.services);
    expect(r.ok).toBe(true);
    for (const section of ['data', 'bills', 'giftcards', 'esim'] as const) {
      expect(r.changes[section], section).toMatchObject({
        added: 0,
        updated: 0,
        deactivated: 0,
        reactivated: 0,
      });
    }
    expect(
      t.node.services.db
        .prepare('SELECT id, plan_code, price_kobo, active FROM data_plans ORDER BY id')
        .all(),
    ).toEqual(before);
  });
});

describe('catalog sync from another VendPoint node (same plan ids)', () => {
  let a: TestNode;
  let b: TestNode;
  const routes = ['data', 'CABLE', 'giftcard', 'esim'];

  beforeAll(async () => {
    b = await startTestNode();
    a = await startTestNode();
    routeTo(a, 'node-b', b.url, routes, {
      merchantCode: 'DEMO',
      key: b.demo.key,
      secret: b.demo.secret,
      options: { timeoutMs: 5_000, connectTimeoutMs: 1_000 },
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const changeAtB = (sql: string, ...p: unknown[]) => {
    b.node.services.db.prepare(sql).run(...p);
    b.node.services.catalog.invalidate();
  };

  it('an identical catalog changes nothing; routes decide the sections (electricity and betting untouched)', async () => {
    const r = await syncCatalogs(a.node.services);
    expect(r.ok).toBe(true);
    expect(Object.keys(r.changes).sort()).toEqual(['bills', 'data', 'esim', 'giftcards']);
    for (const section of ['data', 'bills', 'giftcards', 'esim'] as const) {
      expect(r.changes[section], section).toMatchObject({ added: 0, updated: 0, deactivated: 0 });
    }
    expect(r.changes.bills!.unchanged).toBe(
      count(a, `SELECT COUNT(*) AS n FROM bill_plans WHERE product = 'CABLE'`),
    );
  });

  it('a re-price keeps the id; a plan withdrawn upstream is deactivated and comes back when it returns; an operator-disabled plan stays disabled', async () => {
    const id = one(a, `SELECT id FROM data_plans WHERE plan_code = 'MTN-101'`)!.id;
    changeAtB(`UPDATE data_plans SET price_kobo = 8_000 WHERE plan_code = 'MTN-101'`);
    changeAtB(`UPDATE data_plans SET active = 0 WHERE plan_code = 'GLO-101'`);
    changeAtB(`UPDATE giftcards SET active = 0 WHERE plan_id = 5002`);
    changeAtB(
      `INSERT INTO data_plans (id, network, plan_code, name, description, price_kobo, tarrif_type_id, validity, value, grp, short_code) VALUES (99999, 'MTN', 'MTN-999', '99GB', '99GB 30 days', 99_900, '999', '30 days', '99GB', 'Monthly', 'MTN99GB')`,
    );
    const maxId = count(a, 'SELECT MAX(id) AS n FROM data_plans');
    setPlanActive(
      a.node.services.db,
      'data',
      one(a, `SELECT id FROM data_plans WHERE plan_code = 'AIRTEL-101'`)!.id,
      false,
      'test-operator',
    );

    const r = await syncCatalogs(a.node.services);
    expect(r.changes.data).toMatchObject({ added: 1, updated: 1, deactivated: 1 });
    expect(r.changes.giftcards).toMatchObject({ deactivated: 1 });
    expect(one(a, `SELECT id, price_kobo, active FROM data_plans WHERE plan_code = 'MTN-101'`)).toEqual({
      id,
      price_kobo: 8_000,
      active: 1,
    });
    expect(one(a, `SELECT active FROM data_plans WHERE plan_code = 'GLO-101'`)).toEqual({ active: 0 });
    expect(one(a, `SELECT active FROM giftcards WHERE plan_id = 5002`)).toEqual({ active: 0 });
    const added = one(a, `SELECT id, active FROM data_plans WHERE plan_code = 'MTN-999'`)!;
    expect(added.active).toBe(1);
    expect(added.id).toBe(maxId + 1); // a new local id from our own sequence, not B's 99999
    expect(one(a, `SELECT active FROM data_plans WHERE plan_code = 'AIRTEL-101'`)).toEqual({ active: 0 });

    changeAtB(`UPDATE data_plans SET active = 1 WHERE plan_code = 'GLO-101'`);
    changeAtB(`UPDATE giftcards SET active = 1 WHERE plan_id = 5002`);
    const back = await syncCatalogs(a.node.services);
    expect(back.changes.data).toMatchObject({ reactivated: 1, deactivated: 0 });
    expect(back.changes.giftcards).toMatchObject({ reactivated: 1 });
    expect(one(a, `SELECT active FROM data_plans WHERE plan_code = 'GLO-101'`)).toEqual({ active: 1 });
    expect(one(a, `SELECT active FROM giftcards WHERE plan_id = 5002`)).toEqual({ active: 1 });
    expect(one(a, `SELECT active FROM data_plans WHERE plan_code = 'AIRTEL-101'`)).toEqual({ active: 0 }); // still the operator's call
  });

  it('concurrent "sync now" calls share one run', async () => {
    const [x, y] = await Promise.all([syncCatalogs(a.node.services), syncCatalogs(a.node.services)]);
    expect(x).toBe(y);
  });
});
