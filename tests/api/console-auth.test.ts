import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

let t: TestNode;
let clock = Date.now();
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await startTestNode({}, { now: () => clock });
});
afterAll(async () => t.close());

const anon = { pair: null } as const;
const cookieOf = (r: { headers: Record<string, string | string[] | undefined> }) =>
  String(r.headers['set-cookie']).split(';')[0];

describe('console sign-in', () => {
  it('lets exactly one of two racing setups create the first admin, then shuts setup', async () => {
    const body = { ...anon, body: { username: 'admin', password: PASSWORD, merchant_code: 'DEMO' } };
    const [a, b] = await Promise.all([
      t.call('POST', '/console/setup', body),
      t.call('POST', '/console/setup', body),
    ]);
    const statuses = [a.status, b.status].sort();
    // The loser is refused before (403) or inside (409) the setup transaction, depending on timing.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const n = t.node.services.db.prepare('SELECT COUNT(*) AS n FROM console_users').get() as { n: number };
    expect(n.n).toBe(1);
    const status = await t.call('GET', '/console/status', anon);
    expect(status.json).toEqual({
      setup_required: false,
      setup_code_required: false,
      signed_in: false,
      merchants: [],
    });
  });

  it('stores a salted scrypt hash and a hashed session id, never the password or the cookie token', async () => {
    const r = await t.call('POST', '/console/login', {
      ...anon,
      body: { username: 'admin', password: PASSWORD },
    });
    expect(r.status).toBe(200);
    const db = t.node.services.db;
    const user = db.prepare('SELECT password_hash FROM console_users WHERE username = ?').get('admin') as {
      password_hash: string;
    };
    expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    const token = cookieOf(r).split('=')[1];
    expect(db.prepare('SELECT 1 FROM console_sessions WHERE id = ?').get(token)).toBeUndefined();
    expect(String(r.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(r.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    expect(String(r.headers['set-cookie'])).toMatch(/Path=\/console/);
  });

  it('refuses writes without the CSRF token or from another origin, and accepts them with it', async () => {
    const login = await t.call('POST', '/console/login', {
      ...anon,
      body: { username: 'admin', password: PASSWORD },
    });
    const cookie = cookieOf(login);
    const body = {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: 'csrf-test-0001',
    };
    const noToken = await t.call('POST', '/console/sell', { ...anon, headers: { cookie }, body });
    expect(noToken.status).toBe(403);
    const wrong = await t.call('POST', '/console/sell', {
      ...anon,
      headers: { cookie, 'x-csrf-token': 'nope' },
      body,
    });
    expect(wrong.status).toBe(403);
    const csrf = login.json.csrf_token as string;
    const foreign = await t.call('POST', '/console/sell', {
      ...anon,
      headers: { cookie, 'x-csrf-token': csrf, origin: 'http://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const crossSite = await t.call('POST', '/console/login', {
      ...anon,
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { username: 'admin', password: PASSWORD },
    });
    expect(crossSite.status).toBe(403);
    const ok = await t.call('POST', '/console/sell', {
      ...anon,
      headers: { cookie, 'x-csrf-token': csrf },
      body,
    });
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe('pending');
  });

  it('a percent-encoded path ("/%63onsole/...") meets the same checks as the plain one', async () => {
    // The router decodes the path; the checks once keyed on the raw URL and let it past them.
    const doc = await t.call('GET', '/%63onsole/openapi.json', anon);
    expect(doc.status).toBe(401);
    const crossSite = await t.call('POST', '/%63onsole/login', {
      ...anon,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' },
      body: { username: 'admin', password: PASSWORD },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const sale = await t.call('GET', '/console/%70urchases/00000000-0000-0000-0000-000000000000', anon);
    expect(sale.status).toBe(401);
    expect(sale.headers['cache-control']).toBe('no-store');
  });

  it('slows password guessing: the sixth failure in 15 minutes is 429 with Retry-After, even with the right password', async () => {
    const attempt = (password: string) =>
      t.call('POST', '/console/login', { ...anon, body: { username: 'guessme', password } });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401);
    const locked = await attempt('still wrong');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json.message).toMatch(/Too many failed sign-in attempts/);
    clock += 16 * 60_000;
  });

  it('ends a session after its expiry, and on sign-out', async () => {
    const login = await t.call('POST', '/console/login', {
      ...anon,
      body: { username: 'admin', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    // The status says whether the browser's own cookie is signed in, so a signed-out page never
    // asks for the session (a 401, which the browser logs as an error).
    const signedIn = async (headers: Record<string, string>) =>
      (await t.call('GET', '/console/status', { ...anon, headers })).json.signed_in;
    expect(await signedIn({})).toBe(false);
    expect(await signedIn({ cookie: 'vp_session=not-a-session' })).toBe(false);
    expect(await signedIn({ cookie })).toBe(true);
    expect((await t.call('GET', '/console/session', { ...anon, headers: { cookie } })).status).toBe(200);
    clock += 13 * 3_600_000;
    expect(await signedIn({ cookie })).toBe(false);
    const expired = await t.call('GET', '/console/session', { ...anon, headers: { cookie } });
    expect(expired.status).toBe(401);
    expect(expired.json.message).toBe('Your session has ended; sign in again');

    const again = await t.call('POST', '/console/login', {
      ...anon,
      body: { username: 'admin', password: PASSWORD },
    });
    const c2 = cookieOf(again);
    expect(
      (
        await t.call('POST', '/console/logout', {
          ...anon,
          headers: { cookie: c2, 'x-csrf-token': again.json.csrf_token },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('GET', '/console/session', { ...anon, headers: { cookie: c2 } })).status).toBe(401);
    expect(await signedIn({ cookie: c2 })).toBe(false);
  });
});
