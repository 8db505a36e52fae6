import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { rotateCredentials, updateMerchant } from '../../server/store/merchants.js';

let t: TestNode;
let acme: ReturnType<TestNode['merchant']>;
let zeta: ReturnType<TestNode['merchant']>;

beforeAll(async () => {
  t = await startTestNode();
  acme = t.merchant('ACME', { testNaira: 10_000, liveNaira: 10_000, allowIps: ['127.0.0.1'] });
  zeta = t.merchant('ZETA', { liveNaira: 10_000, allowIps: ['10.0.0.0/8', '2001:db8::/32'] });
});
afterAll(async () => t.close());

const airtime = (merchant: string, key: string) => ({
  merchant_code: merchant,
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: key,
});

describe('credentials', () => {
  it('401 when the pair is missing, with the spec error body', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: null });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ status: 'error', code: 401, message: expect.any(String) });
  });
  it('401 when only the key is sent', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', {
      pair: null,
      headers: { 'x-merchant-key': acme.test.key },
    });
    expect(r.status).toBe(401);
  });
  it('401 for a wrong secret', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', {
      pair: { key: acme.test.key, secret: acme.test.secret + 'x' },
    });
    expect(r.status).toBe(401);
  });
  it('once a secret is proven, a same-length wrong one is still refused and the right one still works', async () => {
    expect((await t.call('GET', '/v1/wallet/balance', { pair: acme.test })).status).toBe(200);
    const s = acme.test.secret;
    const lastCharChanged = s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const firstCharChanged = (s.startsWith('x') ? 'y' : 'x') + s.slice(1);
    for (const secret of [lastCharChanged, firstCharChanged, '']) {
      const r = await t.call('GET', '/v1/wallet/balance', { pair: { key: acme.test.key, secret } });
      expect(r.status).toBe(401);
    }
    expect((await t.call('GET', '/v1/wallet/balance', { pair: acme.test })).status).toBe(200);
  });
  it('401 for a key of one merchant with the secret of another (mismatched pair)', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', {
      pair: { key: acme.test.key, secret: zeta.test.secret },
    });
    expect(r.status).toBe(401);
  });
  it('401 for the test key with the live secret of the same merchant', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', {
      pair: { key: acme.test.key, secret: acme.live.secret },
    });
    expect(r.status).toBe(401);
  });
  it('the pair decides the environment', async () => {
    const test = await t.call('GET', '/v1/wallet/balance', { pair: acme.test });
    const live = await t.call('GET', '/v1/wallet/balance', { pair: acme.live });
    expect(test.json.data[0].environment).toBe('test');
    expect(live.json.data[0].environment).toBe('live');
  });
  it('a rotated pair stops working and the new one works at once', async () => {
    const m = t.merchant('ROTA', { testNaira: 100 });
    const fresh = rotateCredentials(t.node.services.db, 'ROTA', 'test', 'test');
    expect((await t.call('GET', '/v1/wallet/balance', { pair: m.test })).status).toBe(401);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: fresh })).status).toBe(200);
  });
  it('a suspended merchant is refused with 403', async () => {
    const m = t.merchant('SUSP', { testNaira: 100 });
    updateMerchant(t.node.services.db, 'SUSP', { status: 'suspended' }, 'test');
    expect((await t.call('GET', '/v1/wallet/balance', { pair: m.test })).status).toBe(403);
  });
});

describe('live IP allowlist', () => {
  it('accepts a live pair from an allowlisted IP', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: acme.live });
    expect(r.status).toBe(200);
  });
  it('403 for a live pair from a non-allowlisted IP', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: zeta.live });
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/IP not whitelisted/);
  });
  it('403 when X-Forwarded-For claims an allowlisted IP but no proxy is trusted', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', {
      pair: zeta.live,
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(r.status).toBe(403);
  });
  it('test pairs are not IP-restricted', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: zeta.test });
    expect(r.status).toBe(200);
  });
});

describe('merchant_code must belong to the credential', () => {
  it('403 for a foreign merchant_code, and nothing is stored', async () => {
    const r = await t.call('POST', '/v1/transactions', {
      pair: acme.test,
      body: airtime('ZETA', 'foreign-1'),
    });
    expect(r.status).toBe(403);
    const s = await t.call('GET', '/v1/transactions/status?client_request_id=foreign-1', { pair: acme.test });
    expect(s.status).toBe(404);
  });
  it("a merchant cannot read another merchant's purchase", async () => {
    const made = await t.call('POST', '/v1/transactions', {
      pair: acme.test,
      body: airtime('ACME', 'mine-1'),
    });
    expect(made.status).toBe(200);
    const other = await t.call('GET', '/v1/transactions/status?client_request_id=mine-1', {
      pair: zeta.test,
    });
    expect(other.status).toBe(404);
    expect(other.text).not.toContain(made.json.data.internal_reference);
  });
});

describe('request limits and hygiene', () => {
  it('413 for a body over 1 MiB', async () => {
    const big = JSON.stringify({ ...airtime('ACME', 'big'), padding: 'x'.repeat(1024 * 1024) });
    const r = await t.call('POST', '/v1/transactions', { pair: acme.test, rawBody: big });
    expect(r.status).toBe(413);
    expect(r.json.code).toBe(413);
  });
  it('400 for invalid JSON', async () => {
    const r = await t.call('POST', '/v1/transactions', { pair: acme.test, rawBody: '{"merchant_code":' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: 'error', code: 400 });
  });
  it('403 for a Host header that is not ours (DNS rebinding)', async () => {
    const r = await t.call('GET', '/v1/healthz', { pair: null, headers: { host: 'evil.example:7300' } });
    expect(r.status).toBe(403);
  });
  it('400 in the error body for a request without a Host header', async () => {
    const r = await raw('GET /v1/healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: 'A Host header is required' });
  });
  it("what Node's parser refuses is answered in the error body too: 431 and 400", async () => {
    const huge = await raw(
      `GET /v1/esim/catalog?search=${'A'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    expect(huge.json).toEqual({ status: 'error', code: 431, message: expect.stringMatching(/16 KB/) });
    const garbage = await raw('this is not HTTP\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.json).toEqual({ status: 'error', code: 400, message: 'The request is not valid HTTP' });
  });
  it('every response carries an X-Request-Id, errors included', async () => {
    const ok = await t.call('GET', '/v1/healthz', { pair: null });
    const bad = await t.call('GET', '/v1/nope', { pair: null });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
  // Whitespace inside the amount; around it, it is trimmed like every field but the keys (field-whitespace.test.ts).
  it.each([['-5'], ['abc'], ['1e3'], ['10.555'], ['0'], [''], ['1 00']])(
    '400 naming amount for "%s", nothing stored',
    async (amount) => {
      const key = `bad-amount-${encodeURIComponent(amount)}`;
      const r = await t.call('POST', '/v1/transactions', {
        pair: acme.test,
        body: { ...airtime('ACME', key), amount },
      });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/amount/);
      expect(
        (
          await t.call('GET', `/v1/transactions/status?client_request_id=${encodeURIComponent(key)}`, {
            pair: acme.test,
          })
        ).status,
      ).toBe(404);
    },
  );
  it.each([[100], [100.5], [null], [true]])(
    '400 for an amount sent as %j instead of a string',
    async (amount) => {
      const r = await t.call('POST', '/v1/transactions', {
        pair: acme.test,
        body: { ...airtime('ACME', `num-${String(amount)}`), amount },
      });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/amount/);
    },
  );
});

describe('secrets at rest', () => {
  it('no plaintext secret is in the database files', () => {
    const files = readdirSync(t.dataDir).filter((f) => f.startsWith('vendpoint.db'));
    const bytes = files.map((f) => readFileSync(join(t.dataDir, f)).toString('latin1')).join('');
    for (const secret of [t.demo.secret, acme.test.secret, acme.live.secret, zeta.live.secret]) {
      expect(bytes.includes(secret)).toBe(false);
      expect(bytes.includes(secret.slice(9))).toBe(false);
    }
    expect(bytes.includes(acme.test.key)).toBe(true); // the key id is stored, proving the scan reads the files
  });
  it('the ledger verifies after everything above', () => {
    expect(t.ledgerOk()).toBe(true);
  });
});

describe('trusted proxies and rate limits', () => {
  it('believes X-Forwarded-For only from a configured trusted proxy', async () => {
    const p = await startTestNode({ trustedProxies: ['127.0.0.1'] });
    try {
      const m = p.merchant('PROX', { liveNaira: 100, allowIps: ['203.0.113.0/24'] });
      expect(
        (
          await p.call('GET', '/v1/wallet/balance', {
            pair: m.live,
            headers: { 'x-forwarded-for': '203.0.113.7' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await p.call('GET', '/v1/wallet/balance', {
            pair: m.live,
            headers: { 'x-forwarded-for': '198.51.100.1' },
          })
        ).status,
      ).toBe(403);
      expect((await p.call('GET', '/v1/wallet/balance', { pair: m.live })).status).toBe(403);
    } finally {
      await p.close();
    }
  });
  it('429 with Retry-After past the per-credential limit', async () => {
    const r = await startTestNode({ rateLimitPerMinute: 5 });
    try {
      const statuses: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 7; i++) {
        const res = await r.call('GET', '/v1/wallet/balance');
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers['retry-after'];
          expect(res.json).toMatchObject({ status: 'error', code: 429 });
        }
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await r.close();
    }
  });
});

/** Bytes on a socket, for requests no HTTP client would send. */
function raw(request: string): Promise<{ status: number; json: unknown }> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), json: JSON.parse(body) });
    });
    socket.end(request);
  });
}
