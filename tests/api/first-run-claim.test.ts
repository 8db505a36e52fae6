import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * Who may claim a fresh node. The node listens on 127.0.0.1 and these calls come from a second
 * loopback address, 127.0.0.2: a real other TCP peer on this machine, which the node must treat as
 * "not this machine" exactly as it would a computer on the shop's network.
 */
const elsewhere = new Agent({ localAddress: '127.0.0.2' });
const PASSWORD = 'correct horse battery staple';
const SETUP = { username: 'mallory', password: PASSWORD, merchant_code: 'DEMO' };

async function fromElsewhere(
  t: TestNode,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await request(`${t.url}${path}`, {
    method,
    dispatcher: elsewhere,
    // The Host header says "localhost": it must not matter, only the socket address does.
    headers: {
      host: 'localhost',
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, json: text ? JSON.parse(text) : null };
}

const users = (t: TestNode) =>
  (t.node.services.db.prepare('SELECT COUNT(*) AS n FROM console_users').get() as { n: number }).n;

afterAll(async () => elsewhere.close());

describe('claiming a fresh node from another address', () => {
  let t: TestNode;
  beforeAll(async () => {
    t = await startTestNode();
  });
  afterAll(async () => t.close());

  it('the test really connects from another address than 127.0.0.1', async () => {
    const echo = createServer((req, res) => res.end(req.socket.remoteAddress));
    await new Promise<void>((done) => echo.listen(0, '127.0.0.1', done));
    try {
      const port = (echo.address() as { port: number }).port;
      const res = await request(`http://127.0.0.1:${port}/`, { dispatcher: elsewhere });
      expect(await res.body.text()).toBe('127.0.0.2');
    } finally {
      echo.close();
    }
  });

  it('lists no merchants and says a setup code is needed, even with Host: localhost', async () => {
    const status = await fromElsewhere(t, 'GET', '/console/status');
    expect(status.status).toBe(200);
    expect(status.json).toEqual({
      setup_required: true,
      setup_code_required: true,
      signed_in: false,
      merchants: [],
    });
  });

  it('refuses setup without the code, and with a wrong code, creating nobody', async () => {
    const none = await fromElsewhere(t, 'POST', '/console/setup', { body: SETUP });
    expect(none.status).toBe(403);
    expect(none.json.message).toMatch(/setup code/);
    const wrong = await fromElsewhere(t, 'POST', '/console/setup', {
      body: SETUP,
      headers: { 'x-setup-code': 'AAAAA-AAAAA' },
    });
    expect(wrong.status).toBe(401);
    expect(users(t)).toBe(0);
  });

  it('this machine itself sees the merchants and the code, without one', async () => {
    const local = await t.call('GET', '/console/status', { pair: null });
    expect(local.json.setup_required).toBe(true);
    expect(local.json.setup_code_required).toBe(false);
    expect(local.json.merchants).toEqual([{ code: 'DEMO', name: 'Demo Merchant' }]);
    expect(local.json.setup_code).toBe(t.node.setupCode);
    expect(t.node.setupCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  });

  it('the printed setup code lets the remote caller see the merchants and claim the node', async () => {
    const code = t.node.setupCode!;
    const status = await fromElsewhere(t, 'GET', '/console/status', { headers: { 'x-setup-code': code } });
    expect(status.json.merchants).toEqual([{ code: 'DEMO', name: 'Demo Merchant' }]);
    expect(status.json.setup_code).toBeUndefined();
    const typed = code.toLowerCase().replace('-', ' ');
    const claimed = await fromElsewhere(t, 'POST', '/console/setup', {
      body: { ...SETUP, username: 'owner' },
      headers: { 'x-setup-code': typed },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.json.user).toMatchObject({ username: 'owner', role: 'admin' });
  });

  it('after setup the route is closed for good, with the old code and from this machine', async () => {
    const code = t.node.setupCode!;
    const again = await fromElsewhere(t, 'POST', '/console/setup', {
      body: SETUP,
      headers: { 'x-setup-code': code },
    });
    expect(again.status).toBe(403);
    const local = await t.call('POST', '/console/setup', {
      pair: null,
      body: { ...SETUP, username: 'local' },
    });
    expect(local.status).toBe(403);
    expect(users(t)).toBe(1);
    const status = await fromElsewhere(t, 'GET', '/console/status', { headers: { 'x-setup-code': code } });
    expect(status.json).toEqual({
      setup_required: false,
      setup_code_required: false,
      signed_in: false,
      merchants: [],
    });
    expect(t.node.services.setupClaim.code).toBeNull();
  });
});

describe('what counts as this machine', () => {
  let t: TestNode | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('a request relayed by a trusted proxy on 127.0.0.1 is not local', async () => {
    t = await startTestNode({ trustedProxies: ['127.0.0.1'] });
    const viaProxy = await t.call('POST', '/console/setup', { pair: null, body: SETUP });
    expect(viaProxy.status).toBe(403);
    const status = await t.call('GET', '/console/status', { pair: null });
    expect(status.json.merchants).toEqual([]);
    expect(users(t)).toBe(0);
  });

  it('a loopback request carrying forwarding headers is not local, even with no proxy configured', async () => {
    t = await startTestNode();
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const r = await t.call('POST', '/console/setup', {
        pair: null,
        body: SETUP,
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
      });
      expect(r.status, header).toBe(403);
    }
    expect(users(t)).toBe(0);
  });

  it('wrong setup codes are throttled like sign-ins (429 with Retry-After)', async () => {
    t = await startTestNode();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await fromElsewhere(t, 'GET', '/console/status', {
        headers: { 'x-setup-code': `WRONG-${i}` },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Even the right code waits now: guessing cannot continue.
    const right = await fromElsewhere(t, 'GET', '/console/status', {
      headers: { 'x-setup-code': t.node.setupCode! },
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});
