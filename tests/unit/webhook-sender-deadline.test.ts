import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SENDER_DEFAULTS, WebhookSender } from '../../server/jobs/webhook-sender.js';

/**
 * A receiver that answers 200 at once and then trickles its body a byte at a time, each byte
 * well inside the body's idle time-out, so no per-step time-out ever fires.
 */
function trickleReceiver(): Promise<{ url: string; server: Server; closed: Promise<void> }> {
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.flushHeaders();
    const timer = setInterval(() => res.write('.'), 50);
    res.on('close', () => {
      clearInterval(timer);
      markClosed();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server, closed }),
    ),
  );
}

const servers: Server[] = [];
const senders: WebhookSender[] = [];
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

describe('WebhookSender: the whole attempt has a deadline', () => {
  it('ends a send whose receiver trickles its answer, and says so', async () => {
    const receiver = await trickleReceiver();
    servers.push(receiver.server);
    // A trickle of one byte per 50 ms would take 25 s to reach the 512 bytes the sender keeps;
    // the per-step time-outs (10 s idle) never fire on it.
    const sender = new WebhookSender(
      Object.assign({}, SENDER_DEFAULTS, { allowPrivate: true, attemptDeadlineMs: 300 }),
    );
    senders.push(sender);
    const result = await sender.send(receiver.url, '{"id":"evt_1"}', ['whsec_test'], 1_700_000_000);
    expect(result.status).toBeNull();
    expect(result.error).toBe('the receiver did not finish its answer within 0.3 s of the request');
    expect(result.response).toBeNull();
    // The connection was dropped, not left trickling.
    await receiver.closed;
  });

  it('leaves a receiver that answers in time as it was', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const sender = new WebhookSender(Object.assign({}, SENDER_DEFAULTS, { allowPrivate: true }));
    senders.push(sender);
    const result = await sender.send(url, '{"id":"evt_2"}', ['whsec_test'], 1_700_000_000);
    expect(result).toMatchObject({ status: 200, error: null, response: 'ok' });
  });
});
