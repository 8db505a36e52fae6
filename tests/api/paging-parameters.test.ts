import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { declaredRoutes, type DeclaredRoute } from '../../server/http/route-schemas.js';
import { ruleForPattern } from '../../server/http/schema-blocks.js';

const PAGING_FIELDS = ['page', 'limit', 'before'];
/** Path values that name something that exists on a fresh node, so an accepted page answers 200. */
const PARAMS: Record<string, string> = { code: 'DEMO', env: 'test', kind: 'data' };
const NOT_WHOLE_NUMBERS = [
  '1e308',
  '1.5',
  '0',
  '-1',
  '9007199254740993',
  'NaN',
  'Infinity',
  // Whitespace inside (surrounding whitespace is trimmed on the merchant API, README "Whitespace, one rule").
  '1 0',
  '0x10',
  '',
  '9'.repeat(400),
];

function pagingFieldsOf(route: DeclaredRoute): { name: string; max: number }[] {
  const props = (
    route.schema.querystring as { properties?: Record<string, { pattern?: string }> } | undefined
  )?.properties;
  return PAGING_FIELDS.filter((f) => props?.[f]).map((name) => ({
    name,
    max: Number(/to (\d+)$/.exec(ruleForPattern(props![name]!.pattern) ?? '')?.[1]),
  }));
}

describe('paging parameters are whole numbers in range, or a 400 naming the field', () => {
  let t: TestNode;
  let admin: ConsoleClient;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    t = await startTestNode({ webhooksAllowPrivate: true });
    admin = await setupFirstAdmin(t.url, 'ada', 'correct horse battery');
    // DEMO's webhook endpoint, for the delivery log's `:id` (nothing listens at its URL).
    const hook = await t.call('POST', '/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/hooks', event_types: ['*'] },
    });
    PARAMS.id = hook.json.data.id;
    routes = declaredRoutes(t.node.app).filter((r) => r.method === 'GET' && pagingFieldsOf(r).length);
  }, 60_000);
  afterAll(() => t.close());

  const get = (route: DeclaredRoute, query: string) => {
    const path = route.url.replace(/:([a-z_]+)/g, (_m, p: string) => PARAMS[p] ?? 'x') + query;
    return route.url.startsWith('/console') ? admin.get(path) : t.call('GET', path);
  };

  it('every paged list of the console and the API declares its paging parameters', () => {
    const urls = routes.map((r) => r.url);
    for (const url of [
      '/v1/transactions',
      '/ext/service/v1/transactions',
      '/console/purchases',
      '/console/reports',
      '/console/wallets/:env/ledger',
      '/console/admin/merchants/:code/wallets/:env/ledger',
      '/console/admin/catalogs/:kind',
      '/console/admin/audit',
    ])
      expect(urls).toContain(url);
    for (const r of routes)
      for (const f of pagingFieldsOf(r)) expect(Number.isSafeInteger(f.max), `${r.url} ${f.name}`).toBe(true);
  });

  it('GET /console/reports?page=1e308 and a ledger ?limit=1.5 are 400s naming the field, not 500s', async () => {
    const reports = await admin.get('/console/reports?page=1e308');
    expect(reports.status).toBe(400);
    expect(reports.json).toEqual({
      status: 'error',
      code: 400,
      message: 'page must be a whole number from 1 to 9999999',
    });
    for (const path of [
      '/console/wallets/test/ledger?limit=1.5',
      '/console/admin/merchants/DEMO/wallets/test/ledger?limit=1.5',
    ]) {
      const r = await admin.get(path);
      expect(r.status, path).toBe(400);
      expect(r.json.message).toBe('limit must be a whole number from 1 to 200');
    }
  });

  it('on every paged route, any value that is not a whole number in range is refused and the bounds are served', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const { name, max } of pagingFieldsOf(route)) {
        for (const value of [...NOT_WHOLE_NUMBERS, String(max + 1)]) {
          if (name === 'before' && value === String(max + 1)) continue;
          const r = await get(route, `?${name}=${encodeURIComponent(value)}`);
          if (
            r.status !== 400 ||
            !String(r.json?.message).startsWith(`${name} must be a whole number from 1 to ${max}`)
          )
            problems.push(`${route.url}?${name}=${value.slice(0, 20)}: ${r.status} ${r.text.slice(0, 120)}`);
        }
        for (const value of ['1', String(max)]) {
          const r = await get(route, `?${name}=${value}`);
          if (r.status !== 200)
            problems.push(`${route.url}?${name}=${value}: ${r.status} ${r.text.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
