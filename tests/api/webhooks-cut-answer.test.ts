import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { fundWallet } from '../../server/store/wallets.js';

/**
 * Session 34's review: a receiver that answered 200 and then closed the connection before the
 * end of its answer (a crash while writing it, a proxy cut) is a failed attempt, sent again
 * with the same event id, but the delivery log said "the receiver closed the connection
 * before it answered", which the integrator's own log, showing the 200, contradicts. It now
 * says the receiver answered 200 first.
 */

let t: TestNode;
let cut: Server;
let url = '';
let hits = 0;

beforeAll(async () => {
  cut = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits += 1;
      res.writeHead(200, { 'content-length': '1000' });
      res.write('abc', () => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => cut.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(cut.address() as AddressInfo).port}/hooks`;
  t = await startTestNode({ webhooksAllowPrivate: true }, { webhookRetryScheduleMs: [60_000] });
});
afterAll(async () => {
  await t?.close();
  cut?.closeAllConnections();
  await new Promise((r) => cut?.close(r));
});

describe('a receiver that closes the connection in the middle of its answer', () => {
  it('is a failed attempt, and the delivery log says it had answered 200', async () => {
    const m = t.merchant('CUTOFF', { testNaira: 10 });
    const ep = await t.call('POST', '/v1/webhooks', { pair: m.test, body: { url, event_types: ['*'] } });
    expect(ep.status, ep.text).toBe(201);
    fundWallet(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'CUTOFF',
      env: 'test',
      amountKobo: 100,
      reason: 'test funding',
      actor: 'test',
    });
    const log = await eventually(
      async () =>
        (await t.call('GET', `/v1/webhooks/${ep.json.data.id}/deliveries`, { pair: m.test })).json.data,
      (d: { attempts: number }[]) => d.length === 1 && d[0].attempts === 1,
    );
    expect(hits).toBe(1);
    expect(log[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status: null,
      last_error: expect.stringMatching(
        /^the receiver answered 200, then closed the connection before the end of its answer \((UND_ERR_SOCKET|ECONNRESET)\)$/,
      ),
    });
  });
});
