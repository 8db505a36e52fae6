import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import {
  ConsoleClient,
  consoleCall,
  consoleLogin,
  setupFirstAdmin,
} from '../helpers/console-admin-session.js';
import { adminRouteList } from '../../server/http/console/admin-index.js';

/**
 * Issue 7, "an agent cannot reach any admin /console route (403)": every route the admin
 * scope registered, whatever its method, refuses a signed-in agent with the role message
 * (not a CSRF or validation refusal), and a caller without a session with 401.
 */

let t: TestNode;
let admin: ConsoleClient;
let agent: ConsoleClient;

/** Concrete values for the path parameters of the admin routes. */
const PARAMS: Record<string, string> = {
  code: 'DEMO',
  env: 'test',
  date: '2026-01-05',
  name: 'simulator',
  id: '1',
  ref: '00000000-0000-0000-0000-000000000000',
  kind: 'data',
  file: 'vendpoint-2026-01-01T00-00-00-000Z.db',
};
const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, p: string) => PARAMS[p] ?? 'x');

/**
 * The console's user routes are admin-only too; the Users page builds on them.
 * They check the role in the handler, after body validation, so they get a complete body.
 */
const USER_ROUTES = [
  { method: 'GET', url: '/console/users', body: undefined },
  {
    method: 'POST',
    url: '/console/users',
    body: { username: 'sneaky', password: 'agent made this', role: 'admin', merchant_code: 'DEMO' },
  },
];

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'boss', 'a long admin password');
  const r = await admin.post('/console/users', {
    username: 'desk1',
    password: 'agent password 1',
    role: 'agent',
    merchant_code: 'DEMO',
  });
  expect(r.status).toBe(201);
  agent = await consoleLogin(t.url, 'desk1', 'agent password 1');
});
afterAll(async () => {
  await t?.close();
});

describe('admin routes and roles', () => {
  it('the admin scope holds every admin page (a list that could be empty proves nothing)', () => {
    const urls = adminRouteList().map((r) => `${r.method} ${r.url}`);
    for (const must of [
      'GET /console/admin/dashboard',
      'POST /console/admin/merchants',
      'PATCH /console/admin/merchants/:code',
      'POST /console/admin/merchants/:code/credentials/:env/rotate',
      'POST /console/admin/merchants/:code/wallets/:env/fund',
      'GET /console/admin/merchants/:code/wallets/:env/ledger.csv',
      'PUT /console/admin/merchants/:code/pricing',
      'POST /console/admin/upstreams',
      'POST /console/admin/upstreams/:name/test',
      'POST /console/admin/routes/:id/move',
      'POST /console/admin/catalogs/sync',
      'POST /console/admin/catalogs/:kind/:id/active',
      'POST /console/admin/attention/:ref/resolve',
      'PATCH /console/admin/users/:id',
      'POST /console/admin/users/:id/cashups',
      'POST /console/admin/backups',
      'GET /console/admin/ledger/verify',
      'POST /console/admin/reports/run',
      'GET /console/reports',
      'POST /console/reports/:code/:env/:date/resend',
      'PUT /console/report-settings',
    ]) {
      expect(urls).toContain(must);
    }
    expect(urls.length).toBeGreaterThanOrEqual(35);
  });

  it('an agent gets 403 "Only an admin may do this" from every admin route', async () => {
    const refused: string[] = [];
    const admins = adminRouteList().map((r) => ({
      ...r,
      body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
    }));
    for (const r of [...admins, ...USER_ROUTES]) {
      const body = r.body;
      const answer = await agent.call(r.method, concrete(r.url), body);
      if (answer.status !== 403 || answer.json?.message !== 'Only an admin may do this') {
        refused.push(`${r.method} ${r.url} -> ${answer.status} ${answer.text.slice(0, 80)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('without a session every admin route is 401', async () => {
    const open: string[] = [];
    for (const r of adminRouteList()) {
      const answer = await consoleCall(t.url, r.method, concrete(r.url), r.method === 'GET' ? undefined : {});
      if (answer.status !== 401) open.push(`${r.method} ${r.url} -> ${answer.status}`);
    }
    expect(open).toEqual([]);
  });

  it('the same routes answer the admin (the 403 above is about the role, not the route)', async () => {
    const gets = adminRouteList().filter((r) => r.method === 'GET' && !r.url.includes(':'));
    expect(gets.length).toBeGreaterThanOrEqual(8);
    for (const r of gets) expect(`${r.url} ${(await admin.get(r.url)).status}`).toBe(`${r.url} 200`);
  });

  it('an agent keeps its own pages: selling and its wallet still work', async () => {
    expect((await agent.get('/console/wallets')).status).toBe(200);
    expect((await agent.get('/console/session')).json.user.role).toBe('agent');
  });
});
