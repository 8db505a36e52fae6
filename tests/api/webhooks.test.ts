import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buyAirtime, startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import {
  startWebhookReceiver,
  type ReceivedHook,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';
import type { SimulatorOptions } from '../../server/upstreams/simulator.js';
import { fundWallet } from '../../server/store/wallets.js';
import { setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * Issue "Signed webhooks and an event feed": every event type reaches a real receiver on
 * 127.0.0.1 once, signed; retries keep the event id; order per object holds; the feed lists
 * the same events; private targets are refused without the operator's flag.
 */

type Verify = (secret: string, header: string, body: string, nowS?: number) => boolean;

/** The verifier exactly as docs/webhooks.md prints it, written to a module and imported. */
async function docVerifier(): Promise<Verify> {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/webhooks.md'), 'utf8');
  const block = /<!-- verifier:begin -->\s*```js\n([\s\S]*?)```\s*<!-- verifier:end -->/.exec(doc);
  if (!block) throw new Error('docs/webhooks.md has no verifier block');
  expect(block[1].trim().split('\n').length).toBeLessThanOrEqual(10);
  const file = join(mkdtempSync(join(tmpdir(), 'vendpoint-verifier-')), 'verify.mjs');
  writeFileSync(file, block[1]);
  return ((await import(pathToFileURL(file).href)) as { verifyVendPoint: Verify }).verifyVendPoint;
}

let t: TestNode;
let rx: WebhookReceiver;
let verify: Verify;
const sim: SimulatorOptions = {};
let seq = 0;
const key = (p: string) => `${p}-${process.pid}-${++seq}`;

async function addEndpoint(pair: Pair, url: string, eventTypes: string[] = ['*']) {
  const r = await t.call('POST', '/v1/webhooks', { pair, body: { url, event_types: eventTypes } });
  expect(r.status, r.text).toBe(201);
  return r.json.data as { id: string; secret: string };
}

const hooksOf = (type: string, match: (h: ReceivedHook) => boolean = () => true) =>
  rx.received.filter((h) => h.json.type === type && match(h));

beforeAll(async () => {
  verify = await docVerifier();
  rx = await startWebhookReceiver();
  t = await startTestNode(
    { webhooksAllowPrivate: true },
    { simulator: sim, webhookRetryScheduleMs: [200, 400, 400] },
  );
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('every event type', () => {
  it('is delivered once, signed so that the documented verifier accepts it, with data equal to the status answer', async () => {
    const m = t.merchant('HOOKALL', { testNaira: 100_000 });
    const ep = await addEndpoint(m.test, rx.url);
    // Only this merchant's test endpoint points at rx with private targets allowed.
    const mine = (h: ReceivedHook) => h.json.environment === 'test';
    const sell = (id: string) => buyAirtime(t, id, { merchant_code: 'HOOKALL' }, m.test);

    const okId = key('ok');
    expect((await sell(okId)).status).toBe(200);
    const gcOk = await t.call('POST', '/v1/giftcards/orders', {
      pair: m.test,
      body: { request_id: key('gc'), plan_id: 5005 },
    });
    expect(gcOk.status, gcOk.text).toBe(200);
    const esOk = await t.call('POST', '/v1/esim/orders', {
      pair: m.test,
      body: { request_id: key('es'), plan_id: 'ESIM-GB-5GB-30D' },
    });
    expect(esOk.status, esOk.text).toBe(200);
    await eventually(
      async () => hooksOf('esim_order.succeeded', mine).length,
      (n) => n === 1,
    );

    sim.failureRate = 1;
    const badId = key('bad');
    await sell(badId);
    const gcBad = await t.call('POST', '/v1/giftcards/orders', {
      pair: m.test,
      body: { request_id: key('gc'), plan_id: 5005 },
    });
    const esBad = await t.call('POST', '/v1/esim/orders', {
      pair: m.test,
      body: { request_id: key('es'), plan_id: 'ESIM-GB-5GB-30D' },
    });
    expect([gcBad.status, esBad.status]).toEqual([200, 200]);
    sim.failureRate = 0;

    // Funding and a debit below the threshold.
    expect((await runThreshold(m.id, 'HOOKALL', 99_000_00)).ok).toBe(true);
    fundWallet(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'HOOKALL',
      env: 'test',
      amountKobo: 500,
      reason: 'top-up',
      actor: 'test',
    });
    await sell(key('low'));

    const types = [
      'transaction.succeeded',
      'transaction.failed',
      'giftcard_order.succeeded',
      'giftcard_order.failed',
      'esim_order.succeeded',
      'esim_order.failed',
      'wallet.funded',
      'wallet.low_balance',
    ];
    await eventually(
      async () => types.map((ty) => hooksOf(ty, (h) => h.json.environment === 'test').length),
      (counts) => counts.every((n) => n >= 1),
      15_000,
    );
    await new Promise((r) => setTimeout(r, 500)); // nothing more may arrive
    // Two transactions succeed (the first and the one that crossed the threshold).
    for (const ty of types) expect(hooksOf(ty, mine).length, ty).toBe(ty === 'transaction.succeeded' ? 2 : 1);
    const ids = new Set<string>();
    for (const h of rx.received.filter(mine)) {
      expect(verify(ep.secret, String(h.headers['vendpoint-signature']), h.body), h.json.type).toBe(true);
      expect(ids.has(h.json.id), `duplicate ${h.json.id}`).toBe(false);
      ids.add(h.json.id);
    }
    // Tampering, another secret, or an old timestamp fail the same verifier.
    const sample = hooksOf('transaction.succeeded')[0];
    const header = String(sample.headers['vendpoint-signature']);
    expect(verify(ep.secret, header, sample.body.replace('"00"', '"01"'))).toBe(false);
    expect(verify('whsec_other', header, sample.body)).toBe(false);
    expect(verify(ep.secret, header, sample.body, Math.floor(Date.now() / 1000) + 301)).toBe(false);

    // `data` is what the status endpoint answers for that purchase.
    const ok = hooksOf('transaction.succeeded', (h) => h.json.data.data.request_id === okId)[0];
    const status = await t.call('GET', `/v1/transactions/status?client_request_id=${okId}`, { pair: m.test });
    expect(ok.json.data).toEqual(status.json);
    const bad = hooksOf('transaction.failed', (h) => h.json.data.data.request_id === badId)[0];
    expect(bad.json.data).toMatchObject({ status: 'failed', response_code: '01' });
    const gc = hooksOf('giftcard_order.succeeded')[0];
    const gcStatus = await t.call('GET', `/v1/giftcards/orders/${gc.json.data.data.request_id}`, {
      pair: m.test,
    });
    expect(gc.json.data).toEqual(gcStatus.json);
    const low = hooksOf('wallet.low_balance')[0];
    expect(low.json.data).toMatchObject({
      status: 'success',
      data: [{ environment: 'test', currency: 'NGN' }],
    });
  });
});

async function runThreshold(merchantId: number, code: string, kobo: number) {
  const { setLowBalanceThreshold } = await import('../../server/store/wallets.js');
  setLowBalanceThreshold(t.node.services.db, {
    merchantId,
    merchantCode: code,
    env: 'test',
    thresholdKobo: kobo,
    actor: 'test',
  });
  return { ok: true };
}

describe('retries and order', () => {
  it('a receiver answering 500 then 200 gets the same event id again and the delivery is recorded delivered', async () => {
    const r2 = await startWebhookReceiver();
    try {
      r2.answer = (_h, n) => (n === 1 ? 500 : 200);
      const m = t.merchant('HOOKRETRY', { testNaira: 1_000 });
      const ep = await addEndpoint(m.test, r2.url, ['transaction.succeeded']);
      await buyAirtime(t, key('r'), { merchant_code: 'HOOKRETRY' }, m.test);
      await eventually(
        async () => r2.received.length,
        (n) => n >= 2,
      );
      expect(r2.received[0].json.id).toBe(r2.received[1].json.id);
      expect(r2.received[0].body).toBe(r2.received[1].body);
      // The outcome is recorded after the receiver has answered (in the worker's next batch).
      const row = await eventually(
        async () =>
          t.node.services.db
            .prepare(`SELECT state, attempts, last_status FROM webhook_deliveries WHERE endpoint_id = ?`)
            .get(Number(ep.id.slice(3))) as { state: string },
        (r) => r.state !== 'pending',
      );
      expect(row).toEqual({ state: 'delivered', attempts: 2, last_status: 200 });
    } finally {
      await r2.close();
    }
  });

  it('a receiver answering with an endless body is recorded delivered with only the first 512 bytes kept', async () => {
    // Streams 1 KB chunks until the sender hangs up: only the dropped connection ends it.
    let hungUp = false;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'x'.repeat(1024);
        const pump = () => {
          if (res.destroyed) return;
          res.write(chunk);
          setTimeout(pump, 5);
        };
        res.on('close', () => (hungUp = true));
        pump();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const m = t.merchant('HOOKLONG', { testNaira: 1_000 });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const ep = await addEndpoint(m.test, url, ['transaction.succeeded']);
      await buyAirtime(t, key('long'), { merchant_code: 'HOOKLONG' }, m.test);
      const row = await eventually(
        async () =>
          t.node.services.db
            .prepare(
              `SELECT state, attempts, last_status, length(last_response) AS kept FROM webhook_deliveries WHERE endpoint_id = ?`,
            )
            .get(Number(ep.id.slice(3))) as { state: string } | undefined,
        (r) => r !== undefined && r.state !== 'pending',
      );
      expect(row).toEqual({ state: 'delivered', attempts: 1, last_status: 200, kept: 512 });
      expect(hungUp).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("an object's events arrive in order even when the first one needs retries", async () => {
    const r3 = await startWebhookReceiver();
    try {
      r3.answer = (_h, n) => (n <= 2 ? 503 : 200);
      const m = t.merchant('HOOKORDER', {});
      await addEndpoint(m.test, r3.url, ['wallet.funded']);
      for (let i = 1; i <= 5; i++)
        fundWallet(t.node.services.db, {
          merchantId: m.id,
          merchantCode: 'HOOKORDER',
          env: 'test',
          amountKobo: i * 100,
          reason: `funding ${i}`,
          actor: 'test',
        });
      await eventually(
        async () => r3.received.filter((h) => h.json.type).length,
        (n) => n >= 7,
        10_000,
      );
      const firstDelivered = r3.received.slice(2).map((h) => h.json.data.total);
      expect(firstDelivered).toEqual(['1.00', '3.00', '6.00', '10.00', '15.00']);
      expect(r3.received[0].json.data.total).toBe('1.00');
      expect(r3.received[1].json.data.total).toBe('1.00');
    } finally {
      await r3.close();
    }
  });
});

describe('the feed', () => {
  it('GET /v1/events lists the credential environment events in order, pages with after=, and never shows another merchant or environment', async () => {
    const m = t.merchant('HOOKFEED', { testNaira: 10, liveNaira: 20, allowIps: ['127.0.0.1'] });
    for (let i = 0; i < 3; i++)
      fundWallet(t.node.services.db, {
        merchantId: m.id,
        merchantCode: 'HOOKFEED',
        env: 'test',
        amountKobo: 100,
        reason: 'test funding',
        actor: 'test',
      });
    const all = await t.call('GET', '/v1/events', { pair: m.test });
    expect(all.status).toBe(200);
    expect(all.json.data.map((e: { data: { total: string } }) => e.data.total)).toEqual([
      '10.00',
      '11.00',
      '12.00',
      '13.00',
    ]);
    expect(all.json.data.every((e: { environment: string }) => e.environment === 'test')).toBe(true);
    const page = await t.call('GET', `/v1/events?after=${all.json.data[1].id}&limit=1`, { pair: m.test });
    expect(page.json).toMatchObject({ has_more: true, data: [{ id: all.json.data[2].id }] });
    const live = await t.call('GET', '/ext/service/v1/events', { pair: m.live });
    expect(live.status).toBe(200);
    expect(
      live.json.data.map((e: { environment: string; data: { total: string } }) => [
        e.environment,
        e.data.total,
      ]),
    ).toEqual([['live', '20.00']]);
    const other = await t.call('GET', '/v1/events', { pair: t.demo });
    expect(
      other.json.data.some((e: { id: string }) => all.json.data.some((a: { id: string }) => a.id === e.id)),
    ).toBe(false);
  });
});

describe('safety', () => {
  it('a URL the parser would repair (line breaks, http:host, a fragment, port 0) is refused; an accepted one is listed as it is posted to', async () => {
    const m = t.merchant('URLS', { testNaira: 100 });
    for (const url of [
      `${rx.url}/nl\r\nX-Injected: 1`,
      `${rx.url}/a b`,
      rx.url.replace('http://', 'http:'),
      `${rx.url}/h#part`,
      'http://127.0.0.1:0/h',
    ]) {
      const r = await t.call('POST', '/v1/webhooks', { pair: m.test, body: { url, event_types: ['*'] } });
      expect(r.status, url).toBe(400);
      expect(r.json.message, url).toMatch(/^url (must|port must)/);
    }
    // Review L9: a port out of range is named as such, and the length refusal gives the limit.
    for (const [url, message] of [
      ['http://127.0.0.1:99999/h', 'url port must be between 1 and 65535'],
      [`http://127.0.0.1/${'a'.repeat(3000)}`, 'url must be at most 2000 characters'],
    ]) {
      const r = await t.call('POST', '/v1/webhooks', { pair: m.test, body: { url, event_types: ['*'] } });
      expect([r.status, r.json.message], url.slice(0, 40)).toEqual([400, message]);
    }
    const listed = await t.call('GET', '/v1/webhooks', { pair: m.test });
    expect(listed.json.data).toEqual([]);
    const added = await addEndpoint(
      m.test,
      rx.url.replace('http://127.0.0.1', 'HTTP://127.0.0.1') + '/Hooks',
    );
    expect((added as unknown as { url: string }).url).toBe(`${rx.url}/Hooks`);
    // A client that sends its JSON content type on every call removes it all the same.
    const id = (added as unknown as { id: string }).id;
    const removed = await t.call('DELETE', `/v1/webhooks/${id}`, {
      pair: m.test,
      headers: { 'content-type': 'application/json' },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await t.call('GET', '/v1/webhooks', { pair: m.test })).json.data).toEqual([]);
    // A body that is there and broken is still refused.
    const broken = await t.call('DELETE', `/v1/webhooks/${id}`, { pair: m.test, rawBody: '{' });
    expect(broken.status).toBe(400);
  });

  it('a second endpoint at the same URL is refused (a retried POST would double every event), and at most 10 per environment', async () => {
    const m = t.merchant('DUPES', { testNaira: 100 });
    const post = (url: string) =>
      t.call('POST', '/v1/webhooks', { pair: m.test, body: { url, event_types: ['*'] } });
    const first = await post(`${rx.url}/dup`);
    expect(first.status).toBe(201);
    const again = await post(`${rx.url}/dup`);
    expect(again.status).toBe(409);
    // A client that lost the 201 (the only answer with the secret) is told how to get a new one.
    const id = first.json.data.id as string;
    expect(again.json.message).toBe(
      `${id} already receives this merchant's test events at ${rx.url}/dup: use it, or remove it first; if you did not keep its secret, rotate it: POST /v1/webhooks/${id}/rotate`,
    );
    const ext = await t.call('POST', '/ext/service/v1/webhooks', {
      pair: m.test,
      body: { url: `${rx.url}/dup`, event_types: ['*'] },
    });
    expect(ext.status).toBe(409);
    expect(ext.json.message).toMatch(
      new RegExp(`if you did not keep its secret, rotate it: POST /ext/service/v1/webhooks/${id}/rotate$`),
    );
    for (let i = 1; i < 10; i++) expect((await post(`${rx.url}/dup${i}`)).status).toBe(201);
    const eleventh = await post(`${rx.url}/dup10`);
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.message).toMatch(/at most 10 test webhook endpoints: remove one first/);
    // Removing one frees its place and its URL.
    expect((await t.call('DELETE', `/v1/webhooks/${first.json.data.id}`, { pair: m.test })).status).toBe(200);
    expect((await post(`${rx.url}/dup`)).status).toBe(201);
  });

  it('a URL resolving to a private or loopback address is refused without --allow-private-webhooks, and a stored one is refused at connect time', async () => {
    const strict = await startTestNode({}, { webhookRetryScheduleMs: [] });
    try {
      const m = strict.merchant('STRICT', { testNaira: 100, allowIps: ['127.0.0.1'] });
      for (const url of [
        rx.url,
        'http://localhost:1/x',
        'http://169.254.169.254/latest',
        'http://[::1]:9/x',
        'http://10.1.2.3/x',
      ]) {
        const r = await strict.call('POST', '/v1/webhooks', {
          pair: m.test,
          body: { url, event_types: ['*'] },
        });
        expect(r.status, url).toBe(400);
        // Worded for the merchant: no node or CLI flag it could not set anyway.
        expect(r.json.message, url).toBe(
          "url resolves to a private, loopback or link-local address, which this node does not send webhooks to: use a public address your receiver is reached at (whether private addresses are allowed is up to the node's operator)",
        );
      }
      const ext = await strict.call('POST', '/ext/service/v1/webhooks', {
        pair: m.test,
        body: { url: 'http://10.1.2.3/x', event_types: ['*'] },
      });
      expect(ext.json.message).toMatch(/^url resolves to a private, .*up to the node's operator\)$/);
      // The operator, in the console, is told the flag that allows them.
      const admin = await setupFirstAdmin(strict.url, 'ops', 'correct horse battery');
      const byOperator = await admin.post('/console/admin/merchants/STRICT/webhooks', {
        environment: 'test',
        url: 'http://10.1.2.3/x',
        event_types: ['*'],
      });
      expect(byOperator.status).toBe(400);
      expect(byOperator.json.message).toBe(
        "url resolves to a private, loopback or link-local address; allowed only with --allow-private-webhooks (the node's own flag for the API and console, the command's own flag for the CLI)",
      );
      const live = await strict.call('POST', '/v1/webhooks', {
        pair: m.live,
        body: { url: 'http://example.com/hooks', event_types: ['*'] },
      });
      expect(live.status).toBe(400);
      expect(live.json.message).toMatch(/https/);
      // An endpoint that got past the save-time check (DNS changed since): the send is refused.
      const { createEndpoint } = await import('../../server/store/webhooks.js');
      const s = strict.node.services;
      createEndpoint(s.db, s.box, {
        merchantId: m.id,
        environment: 'test',
        url: rx.url,
        eventTypes: ['*'],
        actor: 'test',
      });
      const before = rx.received.length;
      fundWallet(s.db, {
        merchantId: m.id,
        merchantCode: 'STRICT',
        env: 'test',
        amountKobo: 100,
        reason: 'test funding',
        actor: 'test',
      });
      const row = await eventually(
        async () =>
          s.db.prepare(`SELECT state, last_error FROM webhook_deliveries`).get() as
            { state: string; last_error: string } | undefined,
        (r) => r?.state === 'failed',
      );
      expect(row).toMatchObject({ state: 'failed' });
      expect(row!.last_error).toMatch(/private/);
      expect(rx.received.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});
