import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { REQUEST_TIMEOUT_MS } from '../../server/app.js';

/**
 * A client that sends its request slowly, or never finishes it, must not hold a connection for
 * ever: the node gives a whole request (headers and body) a time limit. Before, Fastify's
 * default `requestTimeout: 0` let a sign-in whose body never came keep its socket open
 * indefinitely, so a few thousand of them from one LAN machine exhausted the node's file
 * descriptors (found by an outside review).
 */
const LIMIT_MS = 1_000;

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({ requestTimeoutMs: LIMIT_MS, syncTimeoutMs: 3_000 });
});
afterAll(async () => {
  await t.close();
});

const port = () => Number(new URL(t.url).port);

/** Opens a raw connection, writes `first`, then `drip` every `dripMs`; resolves with what came back when it closes. */
function rawRequest(
  first: string,
  drip: { text: string; everyMs: number } | null = null,
  giveUpMs = 8_000,
): Promise<{ text: string; ms: number; closed: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    const socket: Socket = connect(port(), '127.0.0.1', () => socket.write(first));
    const dripping = drip
      ? setInterval(() => socket.writable && socket.write(drip.text), drip.everyMs)
      : null;
    const done = (closed: boolean) => {
      if (dripping) clearInterval(dripping);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, ms: Date.now() - started, closed });
    };
    const giveUp = setTimeout(() => done(false), giveUpMs);
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
  });
}

const loginHead =
  'POST /console/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';

describe('slow requests', () => {
  it('the default limit is set: a whole request must arrive within 30 s', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('a sign-in whose body never arrives is answered 408 and its connection closed', async () => {
    const r = await rawRequest(loginHead);
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 'error',
      code: 408,
      message: 'The request did not arrive in time',
    });
    expect(r.ms).toBeGreaterThanOrEqual(LIMIT_MS - 50);
  });

  it('a body trickled a byte at a time is cut at the same limit', async () => {
    const r = await rawRequest(loginHead, { text: ' ', everyMs: 200 });
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('headers trickled a line at a time are cut too', async () => {
    const r = await rawRequest('GET /v1/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', {
      text: 'X-A: b\r\n',
      everyMs: 200,
    });
    expect(r.closed).toBe(true);
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('the limit is on receiving the request, not on the answer: a sale held for its provider still answers', async () => {
    // 08030000002 stays pending until its first status check (~10 s), so the sync route holds
    // the answer for the whole sync wait (3 s here), three times the request limit.
    const started = Date.now();
    const r = await t.call('POST', '/v1/transactions/airtime/sync', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: '08030000002',
        network: 'mtn',
        amount: '100',
        client_request_id: 'slow-answer-1',
      },
    });
    expect(Date.now() - started).toBeGreaterThan(LIMIT_MS * 2);
    expect(r.status).toBe(200);
    expect(r.json.response_code).toBe('02');
  });
});
