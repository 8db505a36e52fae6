import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { rotateCredentials, updateMerchant } from '../../server/store/merchants.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * Spec "Authentication" and the HTTP status table as they apply to the transaction routes:
 * 401 bad credentials, 403 another merchant / non-permitted IP / bill not enabled for live,
 * 404 not found, 503 nothing to vend with (nothing charged).
 */

let t: TestNode;
let seq = 0;
const key = () => `acc-${++seq}`;

beforeAll(async () => {
  t = await startTestNode();
});
afterAll(() => closeAfterLedgerCheck(t));

const airtime = (code: string, over: Record<string, unknown> = {}) => ({
  merchant_code: code,
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: key(),
  ...over,
});
const cable = (code: string, over: Record<string, unknown> = {}) =>
  airtime(code, {
    product: 'CABLE',
    network: 'DSTV',
    customer_msisdn: '10000000010',
    plan_code: '201',
    amount: '4400',
    ...over,
  });
const electricity = (code: string) =>
  airtime(code, {
    product: 'ELECTRICITY',
    network: 'EKEDC',
    customer_msisdn: '10000000001',
    plan_code: '103',
    amount: '1000',
  });
const balance = async (pair: Pair) =>
  (await t.call('GET', '/v1/wallet/balance', { pair })).json.total as string;
const stored = (merchantId: number) =>
  (
    t.node.services.db
      .prepare('SELECT COUNT(*) AS n FROM purchases WHERE merchant_id = ?')
      .get(merchantId) as { n: number }
  ).n;

describe('401: missing or invalid key or secret', () => {
  const routes: [string, string, unknown?][] = [
    ['POST', '/v1/transactions', airtime('DEMO')],
    ['POST', '/v1/transactions/airtime/sync', airtime('DEMO')],
    ['POST', '/v1/transactions/data/sync', airtime('DEMO')],
    ['POST', '/v1/transactions/airtime/async', airtime('DEMO')],
    ['POST', '/v1/transactions/data/async', airtime('DEMO')],
    ['GET', '/v1/transactions/status?client_request_id=x'],
    ['GET', '/v1/transactions'],
    ['POST', '/v1/transactions/verify', { merchant_code: 'DEMO' }],
    ['GET', '/v1/plans/mtn'],
    ['GET', '/v1/plans/bills/cable'],
  ];
  it.each(routes)('%s %s without headers', async (method, path, body) => {
    const r = await t.call(method, path, { pair: null, body });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ status: 'error', code: 401, message: expect.any(String) });
  });
  it.each([
    ['a wrong secret', () => ({ key: t.demo.key, secret: `${t.demo.secret}x` })],
    ['an unknown key', () => ({ key: 'vpk_test_000000000000000000', secret: t.demo.secret })],
    ['a key without its secret', () => ({ key: t.demo.key, secret: '' })],
  ])('%s', async (_name, pair) => {
    const r = await t.call('POST', '/v1/transactions', { pair: pair(), body: airtime('DEMO') });
    expect(r.status).toBe(401);
  });
  it('a rotated-out pair', async () => {
    const m = t.merchant('ROTATE', { testNaira: 1_000 });
    rotateCredentials(t.node.services.db, 'ROTATE', 'test', 'test');
    const r = await t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('ROTATE') });
    expect(r.status).toBe(401);
    expect(stored(m.id)).toBe(0);
  });
});

describe('403: a credential cannot act for another merchant', () => {
  it('merchant_code of another merchant on create: 403, nothing stored in either', async () => {
    const a = t.merchant('OWNA', { testNaira: 1_000 });
    const b = t.merchant('OWNB', { testNaira: 1_000 });
    for (const path of [
      '/v1/transactions',
      '/v1/transactions/airtime/sync',
      '/ext/service/v1/transactions',
      '/transactions',
    ]) {
      const r = await t.call('POST', path, { pair: a.test, body: airtime('OWNB') });
      expect(r.status, path).toBe(403);
      expect(r.json).toEqual({ status: 'error', code: 403, message: expect.stringMatching(/merchant_code/) });
    }
    expect(stored(a.id) + stored(b.id)).toBe(0);
    expect(await balance(a.test)).toBe('1000.00');
    expect(await balance(b.test)).toBe('1000.00');
  });
  it("the credential's own code in small letters: 403 naming the code to send, nothing stored", async () => {
    const m = t.merchant('OWNLOW', { testNaira: 1_000 });
    for (const path of [
      '/v1/transactions',
      '/v1/transactions/airtime/sync',
      '/ext/service/v1/transactions',
    ]) {
      const r = await t.call('POST', path, { pair: m.test, body: airtime('ownlow') });
      expect(r.status, path).toBe(403);
      expect(r.json.message, path).toBe(
        'merchant_code must be OWNLOW for this credential, in capitals as it was issued',
      );
    }
    expect(stored(m.id)).toBe(0);
  });
  it('a suspended merchant is refused', async () => {
    const m = t.merchant('SUSP', { testNaira: 1_000 });
    updateMerchant(t.node.services.db, 'SUSP', { status: 'suspended' }, 'test');
    expect((await t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('SUSP') })).status).toBe(
      403,
    );
  });
});

describe('live credentials', () => {
  beforeAll(() => {
    addUpstream(
      t.node.services.db,
      t.node.services.box,
      { name: 'live-sim', type: 'simulator', products: ['airtime', 'CABLE', 'ELECTRICITY'] },
      'test',
    );
  });

  it('from a non-permitted IP: 403 IP not whitelisted, nothing stored', async () => {
    const m = t.merchant('FARAWAY', { liveNaira: 1_000, allowIps: ['10.0.0.0/8'] });
    const r = await t.call('POST', '/v1/transactions', { pair: m.live, body: airtime('FARAWAY') });
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/not whitelisted/i);
    expect(stored(m.id)).toBe(0);
    // Test credentials of the same merchant are not bound to the allowlist.
    expect((await t.call('GET', '/v1/transactions', { pair: m.test })).status).toBe(200);
  });

  it('from a permitted IP: purchases debit the live wallet only', async () => {
    const m = t.merchant('LIVEOK', {
      testNaira: 500,
      liveNaira: 100_000,
      allowIps: ['127.0.0.1'],
      liveBills: ['CABLE'],
    });
    const a = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair: m.live,
      body: airtime('LIVEOK'),
    });
    expect(a.status).toBe(200);
    expect(a.json.response_code).toBe('00');
    const c = await t.call('POST', '/v1/transactions', { pair: m.live, body: cable('LIVEOK') });
    expect(c.status, c.text).toBe(200);
    expect(c.json.response_code).toBe('00');
    expect(await balance(m.live)).toBe('95500.00');
    expect(await balance(m.test)).toBe('500.00');
  });

  it('a bill product not enabled for live: 403 saying so, on create and verify; nothing stored', async () => {
    const m = t.merchant('NOBILLS', { liveNaira: 100_000, allowIps: ['127.0.0.1'], liveBills: ['CABLE'] });
    const r = await t.call('POST', '/v1/transactions', { pair: m.live, body: electricity('NOBILLS') });
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/ELECTRICITY is not enabled/);
    const v = await t.call('POST', '/v1/transactions/verify', {
      pair: m.live,
      body: {
        merchant_code: 'NOBILLS',
        customer_msisdn: '10000000001',
        network: 'EKEDC',
        product: 'ELECTRICITY',
        plan_code: '103',
      },
    });
    expect(v.status).toBe(403);
    expect(stored(m.id)).toBe(0);
    expect(await balance(m.live)).toBe('100000.00');
    // The same request on test credentials is simulated: no enabling needed.
    const m2 = t.merchant('NOBILLS2', { testNaira: 100_000 });
    expect(
      (await t.call('POST', '/v1/transactions', { pair: m2.test, body: electricity('NOBILLS2') })).status,
    ).toBe(200);
  });

  it('nothing configured to vend a live product: 503, nothing charged, the key stays free', async () => {
    const m = t.merchant('NOROUTE', { liveNaira: 10_000, allowIps: ['127.0.0.1'] });
    const body = airtime('NOROUTE', { product: 'data', plan_code: 'MTN-101', amount: '75' });
    const r = await t.call('POST', '/v1/transactions', { pair: m.live, body });
    expect(r.status).toBe(503);
    expect(r.json).toEqual({
      status: 'error',
      code: 503,
      message: expect.stringMatching(/nothing was charged/),
    });
    expect(stored(m.id)).toBe(0);
    expect(await balance(m.live)).toBe('10000.00');
    addUpstream(
      t.node.services.db,
      t.node.services.box,
      { name: 'live-data', type: 'simulator', products: ['data'] },
      'test',
    );
    const again = await t.call('POST', '/v1/transactions/data/sync', { pair: m.live, body });
    expect(again.status).toBe(200);
    expect(again.json.response_code).toBe('00');
  });
});

describe('404 and other request errors', () => {
  it('an unknown route is a 404 error body', async () => {
    const r = await t.call('POST', '/v1/transactions/electricity/sync', { body: airtime('DEMO') });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ status: 'error', code: 404, message: expect.any(String) });
  });
  it('a path id over 100 characters, or a broken % escape, answers in the error envelope', async () => {
    const long = await t.call('GET', `/v1/giftcards/orders/${'g'.repeat(101)}`);
    expect(long.status).toBe(414);
    expect(long.json).toEqual({ status: 'error', code: 414, message: expect.stringMatching(/at most 100/) });
    const bad = await t.call('GET', '/v1/giftcards/orders/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(/% escapes/) });
  });
  it('a body over 1 MiB is a 413', async () => {
    const r = await t.call('POST', '/v1/transactions', {
      rawBody: JSON.stringify({ ...airtime('DEMO'), pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(r.status).toBe(413);
    expect(r.json.code).toBe(413);
  });
  it('a body that is not sent as application/json is a 415 saying what to send, nothing stored', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded']) {
      const body = airtime('DEMO');
      const r = await t.call('POST', '/v1/transactions', {
        rawBody: JSON.stringify(body),
        headers: { 'content-type': type },
      });
      expect(r.status, type).toBe(415);
      expect(r.json).toEqual({ status: 'error', code: 415, message: 'Send the body as application/json' });
      const status = await t.call(
        'GET',
        `/v1/transactions/status?client_request_id=${body.client_request_id}`,
      );
      expect(status.status).toBe(404);
    }
  });
  it('application/json with parameters, well-formed or not, is read as JSON: RFC 8259 defines none for it', async () => {
    // Media type parameters have no effect on application/json (RFC 8259 section 11), so the
    // node reads the body as UTF-8 JSON whatever follows the `;`, as Fastify does; only the
    // type itself is checked (application/jsonx, vnd.api+json are 415s).
    const types = [
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'Application/JSON',
      'application/json;foo',
      'application/json; charset=utf-8;',
    ];
    for (const type of types) {
      const body = airtime('DEMO');
      const r = await t.call('POST', '/v1/transactions', {
        rawBody: JSON.stringify(body),
        headers: { 'content-type': type },
      });
      expect(r.status, type).toBe(200);
      expect(r.json.data.request_id, type).toBe(body.client_request_id);
    }
    for (const type of ['application/jsonx', 'application/vnd.api+json']) {
      const r = await t.call('POST', '/v1/transactions', {
        rawBody: JSON.stringify(airtime('DEMO')),
        headers: { 'content-type': type },
      });
      expect(r.status, type).toBe(415);
    }
  });
  it('a compressed body (Content-Encoding gzip, deflate, br) is a 415 naming the coding and saying what is accepted, nothing stored', async () => {
    const codings: [string, (b: Buffer) => Buffer][] = [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ];
    for (const [coding, compress] of codings) {
      const body = airtime('DEMO');
      const r = await fetch(`${t.url}/v1/transactions`, {
        method: 'POST',
        headers: {
          'x-merchant-key': t.demo.key,
          'x-merchant-secret': t.demo.secret,
          'content-type': 'application/json',
          'content-encoding': coding,
        },
        body: new Uint8Array(compress(Buffer.from(JSON.stringify(body)))),
      });
      expect(r.status, coding).toBe(415);
      expect(r.headers.get('accept-encoding')).toBe('identity');
      expect(await r.json()).toEqual({
        status: 'error',
        code: 415,
        message: `Content-Encoding ${coding} is not accepted: send the JSON body uncompressed (no Content-Encoding, or identity)`,
      });
      const status = await t.call(
        'GET',
        `/v1/transactions/status?client_request_id=${body.client_request_id}`,
      );
      expect(status.status).toBe(404);
    }
    // identity is no coding at all: the body is read as sent.
    const plain = await t.call('POST', '/v1/transactions', {
      body: airtime('DEMO'),
      headers: { 'content-encoding': 'identity' },
    });
    expect(plain.json.response_code).toBe('02');
  });
  it('every response carries an X-Request-Id', async () => {
    const ok = await t.call('GET', '/v1/transactions');
    const bad = await t.call('GET', '/v1/transactions/status');
    expect(ok.headers['x-request-id']).toBeTruthy();
    expect(bad.headers['x-request-id']).toBeTruthy();
    expect(bad.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });
});
