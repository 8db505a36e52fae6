import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { BETTING, DISCOS } from '../helpers/spec-bill-networks.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/** Spec "Plan catalogs", "Data plan row", "Bill plan row"; DESIGN bill plan rows; OpenAPI. */

const NAIRA = /^\d+\.\d{2}$/;
const PREFIX: Record<string, string> = { mtn: 'MTN', glo: 'GLO', airtel: 'AIRTEL', '9mobile': '9MOBILE' };

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(() => closeAfterLedgerCheck(t));
const get = (path: string) => t.call('GET', path);

function expectCatalogEnvelope(r: { status: number; json: any }) {
  expect(r.status).toBe(200);
  expect(Object.keys(r.json).sort()).toEqual(['data', 'description', 'status']);
  expect(r.json.status).toBe('2000');
  expect(typeof r.json.description).toBe('string');
  expect(Array.isArray(r.json.data)).toBe(true);
}

describe('GET /v1/plans/{network}: data plan rows', () => {
  it.each(Object.keys(PREFIX))(
    '%s: at least 15 rows with every field of the spec, typed',
    async (network) => {
      const r = await get(`/v1/plans/${network}`);
      expectCatalogEnvelope(r);
      expect(r.json.data.length).toBeGreaterThanOrEqual(15);
      for (const row of r.json.data) {
        expect(Object.keys(row).sort()).toEqual(
          [
            'description',
            'group',
            'id',
            'name',
            'plan_code',
            'price',
            'shortCode',
            'tarrifTypeId',
            'validity',
            'value',
          ].sort(),
        );
        expect(Number.isInteger(row.id)).toBe(true);
        expect(row.plan_code).toMatch(new RegExp(`^${PREFIX[network]}-\\d+$`));
        expect(row.price).toMatch(NAIRA);
        for (const f of ['name', 'description', 'tarrifTypeId', 'validity', 'value', 'group', 'shortCode']) {
          expect(typeof row[f], f).toBe('string');
          expect(row[f], f).not.toBe('');
        }
      }
      const codes = r.json.data.map((p: { plan_code: string }) => p.plan_code);
      expect(new Set(codes).size).toBe(codes.length);
    },
  );

  it('the network is case-insensitive', async () => {
    expect((await get('/v1/plans/MTN')).json).toEqual((await get('/v1/plans/mtn')).json);
  });

  it('plan ids are unique across networks', async () => {
    const ids = (await Promise.all(Object.keys(PREFIX).map((n) => get(`/v1/plans/${n}`)))).flatMap((r) =>
      r.json.data.map((p: { id: number }) => p.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(['etisalat', 'dstv', 'ELECTRICITY'])('%s is a 400', async (network) => {
    const r = await get(`/v1/plans/${network}`);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(/network/) });
  });
});

describe('GET /v1/plans/bills/{product}: bill plan rows', () => {
  function expectBillRow(row: Record<string, unknown>, product: string) {
    expect(Number.isInteger(row.id)).toBe(true);
    expect(typeof row.name).toBe('string');
    expect(typeof row.network).toBe('string');
    expect(row.product).toBe(product);
    expect(['fixed', 'range']).toContain(row.amount_type);
    expect(row.price).toMatch(NAIRA);
  }

  it('electricity: a prepaid and a postpaid row for each of the 13 distribution companies', async () => {
    const r = await get('/v1/plans/bills/electricity');
    expectCatalogEnvelope(r);
    for (const row of r.json.data) {
      expectBillRow(row, 'ELECTRICITY');
      expect(['prepaid', 'postpaid']).toContain(row.meter_type);
    }
    for (const disco of DISCOS) {
      const types = r.json.data
        .filter((p: { network: string }) => p.network === disco)
        .map((p: { meter_type: string }) => p.meter_type)
        .sort();
      expect(types, disco).toEqual(['postpaid', 'prepaid']);
    }
    expect(new Set(r.json.data.map((p: { network: string }) => p.network))).toEqual(new Set(DISCOS));
  });

  it('cable: DStv, GOtv and StarTimes bouquets, fixed-price', async () => {
    const r = await get('/v1/plans/bills/cable');
    expectCatalogEnvelope(r);
    for (const row of r.json.data) {
      expectBillRow(row, 'CABLE');
      expect(row.amount_type).toBe('fixed');
      expect(row).not.toHaveProperty('meter_type');
    }
    expect(new Set(r.json.data.map((p: { network: string }) => p.network))).toEqual(
      new Set(['DSTV', 'GOTV', 'STARTIMES']),
    );
  });

  it('betting: the 8 platforms', async () => {
    const r = await get('/v1/plans/bills/betting');
    expectCatalogEnvelope(r);
    for (const row of r.json.data) expectBillRow(row, 'BETTING');
    expect(new Set(r.json.data.map((p: { network: string }) => p.network))).toEqual(new Set(BETTING));
  });

  it.each([
    ['electricity', 'EKEDC', 2],
    ['electricity', 'ikeja electric', 2],
    ['cable', 'GOTV', 8],
    ['cable', 'dstv', 13],
    ['betting', 'BET9JA', 1],
    ['betting', '1xbet', 1],
  ])('%s ?network=%s keeps that network only', async (product, network, n) => {
    const r = await get(`/v1/plans/bills/${product}?network=${encodeURIComponent(network)}`);
    expectCatalogEnvelope(r);
    expect(r.json.data).toHaveLength(n);
    for (const row of r.json.data) expect(row.network.toLowerCase()).toBe(network.toLowerCase());
  });

  it.each([
    ['electricity', 'DSTV'],
    ['cable', 'EKEDC'],
    ['betting', 'GOTV'],
    ['cable', 'SHOWMAX'],
  ])('%s ?network=%s is a 400', async (product, network) => {
    const r = await get(`/v1/plans/bills/${product}?network=${network}`);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/network/);
  });

  it('the product path is case-insensitive and unknown products are a 400', async () => {
    expect((await get('/v1/plans/bills/CABLE')).json).toEqual((await get('/v1/plans/bills/cable')).json);
    const r = await get('/v1/plans/bills/airtime');
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/electricity, cable or betting/);
  });

  it('plan ids are unique across bill products', async () => {
    const ids = (
      await Promise.all(['electricity', 'cable', 'betting'].map((p) => get(`/v1/plans/bills/${p}`)))
    ).flatMap((r) => r.json.data.map((p: { id: number }) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('catalog access', () => {
  it('needs the merchant headers', async () => {
    expect((await t.call('GET', '/v1/plans/mtn', { pair: null })).status).toBe(401);
    expect((await t.call('GET', '/v1/plans/bills/cable', { pair: null })).status).toBe(401);
  });
});

describe('OpenAPI document and docs page', () => {
  it('/v1/openapi.json lists the transaction, verify and plan routes with their methods', async () => {
    const r = await t.call('GET', '/v1/openapi.json', { pair: null });
    expect(r.status).toBe(200);
    expect(r.json.openapi).toMatch(/^3\./);
    const paths = r.json.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/v1/transactions', 'post'],
      ['/v1/transactions', 'get'],
      ['/v1/transactions/airtime/sync', 'post'],
      ['/v1/transactions/data/sync', 'post'],
      ['/v1/transactions/airtime/async', 'post'],
      ['/v1/transactions/data/async', 'post'],
      ['/v1/transactions/status', 'get'],
      ['/v1/transactions/verify', 'post'],
      ['/v1/plans/{network}', 'get'],
      ['/v1/plans/bills/{product}', 'get'],
      ['/v1/healthz', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const create = paths['/v1/transactions'].post as {
      requestBody: {
        content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }>;
      };
    };
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(
      expect.arrayContaining(['merchant_code', 'customer_msisdn', 'network', 'amount', 'client_request_id']),
    );
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['plan_code', 'phone', 'product']));
    const documented = (path: string, method: string) =>
      Object.keys((paths[path][method] as { responses: Record<string, unknown> }).responses);
    expect(documented('/v1/transactions', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '422']),
    );
    expect(documented('/v1/transactions/verify', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '502']),
    );
    expect(documented('/v1/transactions/status', 'get')).toEqual(
      expect.arrayContaining(['200', '400', '404']),
    );
    const status = paths['/v1/transactions/status'].get as { parameters: { name: string; in: string }[] };
    expect(
      status.parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['client_request_id', 'request_id', 'request_ref']);
  });

  it('/v1/docs serves a human page', async () => {
    let r = await t.call('GET', '/v1/docs', { pair: null });
    if (r.status >= 300 && r.status < 400)
      r = await t.call('GET', String(r.headers.location), { pair: null });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/text\/html/);
    expect(r.text).toMatch(/<html/i);
  });
});
