import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtimeSale, startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * Spec "Versioning": the same operations exist under /ext/service/v1 in an older variant. Every
 * /v1 operation is mounted there too; only the differences DESIGN lists (async bill creates,
 * path-style status, betting without phone) set the two apart.
 */

const EXT = '/ext/service/v1';
let t: TestNode;

beforeAll(async () => {
  // Private webhook URLs allowed: the document test adds endpoints on 127.0.0.1 (never sent to).
  t = await startTestNode({ webhooksAllowPrivate: true });
});
afterAll(async () => {
  await t.close();
});

/** Every route the node serves, as "METHOD /path" with :params, from Fastify's own route table. */
function routeTable(): Set<string> {
  const out = new Set<string>();
  // printRoutes draws a tree: each line is a path segment indented under its parent, then its methods.
  const parents: string[] = [];
  for (const line of t.node.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([\s│├└─]*)(\S.*?) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + m[2]!;
    parents[depth] = path;
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') out.add(`${method} ${path}`);
  }
  return out;
}

describe('/ext/service/v1 carries every /v1 operation', () => {
  it('each /v1 route (apart from health and documentation) is also routed under /ext/service/v1', () => {
    const routes = routeTable();
    const v1 = [...routes].filter((r) => / \/v1\//.test(r) && !/\/v1\/(healthz|openapi\.json|docs)/.test(r));
    expect(v1.length).toBeGreaterThan(20);
    const missing = v1.filter((r) => !routes.has(r.replace(' /v1/', ` ${EXT}/`)));
    expect(missing).toEqual([]);
  });

  it('the wallet balance answers under /ext/service/v1 as under /v1', async () => {
    const v1 = await t.call('GET', '/v1/wallet/balance');
    const ext = await t.call('GET', `${EXT}/wallet/balance`);
    expect(ext.status).toBe(200);
    expect(ext.text).toBe(v1.text);
  });

  it('gift-card catalog, quote and availability answer under /ext/service/v1 as under /v1', async () => {
    for (const path of [
      '/giftcards/catalog?brand=Steam',
      '/giftcards/plans/5001/quote',
      '/giftcards/plans/5001/availability?quantity=2',
    ]) {
      const v1 = await t.call('GET', `/v1${path}`);
      const ext = await t.call('GET', `${EXT}${path}`);
      expect(ext.status, path).toBe(200);
      expect(ext.text, path).toBe(v1.text);
    }
  });

  it('a gift-card order placed under /ext/service/v1 is read back under both prefixes', async () => {
    const order = await t.call('POST', `${EXT}/giftcards/orders`, {
      body: { request_id: 'ext-gc-1', plan_id: 5001, quantity: 1 },
    });
    expect(order.status).toBe(200);
    expect(order.json.response_code).toBe('00');
    expect(order.json.data.cards).toHaveLength(1);
    const viaExt = await t.call('GET', `${EXT}/giftcards/orders/ext-gc-1`);
    const viaV1 = await t.call('GET', '/v1/giftcards/orders/ext-gc-1');
    expect(viaExt.status).toBe(200);
    expect(viaExt.text).toBe(viaV1.text);
  });

  it("a used key's 422 names the outcome call on the prefix the caller uses", async () => {
    const first = await t.call('POST', `${EXT}/transactions`, { body: airtimeSale('ext-dup-1') });
    expect(first.status).toBe(200);
    const again = await t.call('POST', `${EXT}/transactions`, { body: airtimeSale('ext-dup-1') });
    expect(again.status).toBe(422);
    expect(again.json.message).toBe(
      'Duplicate request: the key "ext-dup-1" was already used; read its outcome with the status call (GET /ext/service/v1/transactions/status/ext-dup-1)',
    );
    const onV1 = await t.call('POST', '/v1/transactions', { body: airtimeSale('ext-dup-1') });
    expect(onV1.json.message).toContain('with the status call (GET /v1/transactions/status)');
    const order = await t.call('POST', `${EXT}/giftcards/orders`, {
      body: { request_id: 'ext-gc-1', plan_id: 5001 },
    });
    expect(order.status).toBe(422);
    expect(order.json.message).toContain(
      'read its outcome with GET /ext/service/v1/giftcards/orders/ext-gc-1',
    );
  });

  it('eSIM catalog, plan, quote, order and its QR answer under /ext/service/v1', async () => {
    for (const path of [
      '/esim/catalog?country=GB',
      '/esim/plans/ESIM-GB-5GB-30D',
      '/esim/plans/ESIM-GB-5GB-30D/quote',
    ]) {
      const v1 = await t.call('GET', `/v1${path}`);
      const ext = await t.call('GET', `${EXT}${path}`);
      expect(ext.status, path).toBe(200);
      expect(ext.text, path).toBe(v1.text);
    }
    const order = await t.call('POST', `${EXT}/esim/orders`, {
      body: { request_id: 'ext-es-1', plan_id: 'ESIM-GB-5GB-30D' },
    });
    expect(order.status).toBe(200);
    expect(order.json.data.request_id).toBe('ext-es-1');
    const read = await t.call('GET', `${EXT}/esim/orders/ext-es-1`);
    expect(read.status).toBe(200);
    expect(read.json.data.internal_reference).toBe(order.json.data.internal_reference);
  });

  it('the merchant OpenAPI document lists every /v1 operation under /ext/service/v1 too', async () => {
    const doc = await t.call('GET', '/v1/openapi.json', { pair: null });
    const paths = doc.json.paths as Record<string, Record<string, unknown>>;
    const v1 = Object.keys(paths).filter((p) => p.startsWith('/v1/') && p !== '/v1/healthz');
    expect(v1).toEqual(expect.arrayContaining(['/v1/webhooks', '/v1/events', '/v1/wallet/balance']));
    for (const p of v1) {
      const ext = paths[p.replace('/v1/', `${EXT}/`)];
      expect(ext, p).toBeDefined();
      expect(Object.keys(ext).sort(), p).toEqual(Object.keys(paths[p]).sort());
    }
  });

  it('every merchant operation declares the error answers it can give: 401/403, 413/415 and 429', async () => {
    const doc = await t.call('GET', '/v1/openapi.json', { pair: null });
    const paths = doc.json.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const [path, ops] of Object.entries(paths)) {
      if (!path.startsWith('/v1/') && !path.startsWith(`${EXT}/`)) continue;
      if (path === '/v1/healthz') continue;
      for (const [method, op] of Object.entries(ops))
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['400', '401', '403', '413', '415', '429']),
        );
    }
  });
});

describe('the OpenAPI document declares the error statuses the node answers', () => {
  type Paths = Record<string, Record<string, { responses: Record<string, any> }>>;
  const documentPaths = async () =>
    (await t.call('GET', '/v1/openapi.json', { pair: null })).json.paths as Paths;

  it('adding a webhook answers 409 for a URL it already has and for an 11th endpoint, and declares it', async () => {
    const paths = await documentPaths();
    const m = t.merchant('OADOC');
    const add = (url: string) =>
      t.call('POST', '/v1/webhooks', { pair: m.test, body: { url, event_types: ['*'] } });
    // This merchant never buys anything, so nothing is ever sent to these addresses.
    for (let i = 1; i <= 10; i++) expect((await add(`http://127.0.0.1:9/oa-${i}`)).status).toBe(201);
    expect((await add('http://127.0.0.1:9/oa-1')).status).toBe(409);
    expect((await add('http://127.0.0.1:9/oa-11')).status).toBe(409);
    for (const prefix of ['/v1', EXT])
      expect(Object.keys(paths[`${prefix}/webhooks`]!.post!.responses), prefix).toContain('409');
  });

  it('every route with a path parameter answers 414 for one over 100 characters, and declares it', async () => {
    const paths = await documentPaths();
    const keyed = Object.entries(paths).filter(([path]) => path.includes('{'));
    expect(keyed.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/v1/esim/orders/{request_id}',
        `${EXT}/transactions/status/{client_request_id}`,
        '/v1/webhooks/{id}/rotate',
        '/plans/{network}',
      ]),
    );
    const long = 'k'.repeat(101);
    for (const [path, ops] of keyed)
      for (const [method, op] of Object.entries(ops)) {
        const r = await t.call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, long));
        expect(r.status, `${method} ${path}`).toBe(414);
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('414');
      }
  });

  it('the internal GET /plans/{network} declares its answer and its errors, and answers what /v1 does', async () => {
    const op = (await documentPaths())['/plans/{network}']!.get!;
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413', '415', '429', '414']),
    );
    expect(op.responses['200'].content['application/json'].schema.properties).toHaveProperty('data');
    for (const network of ['mtn', '9mobile', 'nope']) {
      const internal = await t.call('GET', `/plans/${network}`);
      const v1 = await t.call('GET', `/v1/plans/${network}`);
      expect(internal.status, network).toBe(v1.status);
      expect(internal.text, network).toBe(v1.text);
    }
  });
});
