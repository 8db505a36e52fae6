import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { recordEvent } from '../../server/store/events.js';
import { fundWallet } from '../../server/store/wallets.js';

/**
 * Session 34's review: one merchant's receiver that takes requests and never answers held
 * every one of the sending thread's slots. Each of its sales is an object of its own, so the
 * thread claimed 512 of its deliveries (twice its 256 requests at once), undici queued all but
 * 16 of them behind that host's 16 connections, and every other merchant's events waited
 * behind them for the 10 s header time-out of each round of 16: 44 s for another merchant's
 * sales on a node measured by hand, minutes with a larger backlog. The thread now holds at
 * most four times a host's connections of deliveries to it, and claims past the rest.
 */

let t: TestNode;
let rx: WebhookReceiver;
let stuck: Server;
let stuckUrl = '';
const open: IncomingMessage[] = [];

beforeAll(async () => {
  rx = await startWebhookReceiver();
  // Reads each request and never answers while the test runs.
  stuck = createServer((req) => {
    open.push(req);
    req.resume();
  });
  await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
  stuckUrl = `http://127.0.0.1:${(stuck.address() as AddressInfo).port}/hooks`;
  // A header time-out far beyond the test's wait: only the claim can let the other events by.
  t = await startTestNode({ webhooksAllowPrivate: true }, { webhookTimeoutMs: 600_000 });
});
afterAll(async () => {
  stuck?.closeAllConnections();
  await t?.close();
  await rx?.close();
  await new Promise((r) => stuck?.close(r));
});

describe('a receiver that never answers', () => {
  it("does not hold another merchant's events: they are delivered while its requests are still open", async () => {
    const slow = t.merchant('STUCK', { testNaira: 10 });
    const quick = t.merchant('QUICK', { testNaira: 10 });
    for (const [m, url] of [
      [slow, stuckUrl],
      [quick, rx.url],
    ] as const) {
      const r = await t.call('POST', '/v1/webhooks', { pair: m.test, body: { url, event_types: ['*'] } });
      expect(r.status, r.text).toBe(201);
    }
    const db = t.node.services.db;
    // 600 sales of the stuck merchant's, each an object of its own, as a busy shop's would be.
    db.transaction(() => {
      for (let i = 0; i < 600; i++)
        recordEvent(db, {
          merchantId: slow.id,
          environment: 'test',
          type: 'transaction.succeeded',
          objectKey: `purchase:stuck-${i}`,
          data: { n: i },
        });
    })();
    await eventually(
      async () => open.length,
      (n) => n >= 16,
    );
    fundWallet(db, {
      merchantId: quick.id,
      merchantCode: 'QUICK',
      env: 'test',
      amountKobo: 100,
      reason: 'test funding',
      actor: 'test',
    });
    const got = await eventually(
      async () => rx.received.filter((h) => h.json.type === 'wallet.funded'),
      (hooks) => hooks.length === 1,
      20_000,
    );
    expect(got.map((h) => h.json.data.total)).toEqual(['11.00']);
    // The stuck receiver was never answered: its requests all still wait.
    expect(open.every((req) => !req.socket.destroyed)).toBe(true);
  });
});
