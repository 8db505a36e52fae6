import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin } from '../helpers/console-admin-session.js';
import { fundAndFillSales } from '../helpers/test-store.js';
import { STOP_STREAM_GRACE_MS } from '../../server/http/drain.js';

/**
 * The node closes once every answer is sent, and a CSV export streams every sale the filters
 * hold: a client that stopped reading one (a laptop put to sleep mid-download) held the node's
 * stop for ever. A body still being sent STOP_STREAM_GRACE_MS after the stop began is cut.
 */
let t: TestNode;
let socket: Socket | undefined;
afterAll(async () => {
  socket?.destroy();
  await t?.close();
});

describe('the node stops with a download still being sent', () => {
  it('cuts a CSV export whose client stopped reading, and stops', async () => {
    t = await startTestNode();
    const { cookie } = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
    // Many megabytes of CSV: more than the socket's buffers hold for a client that reads nothing.
    fundAndFillSales(t.node.services.db, 'DEMO', 50_000, 'an export of many sales');
    const s = connect(Number(new URL(t.url).port), '127.0.0.1', () =>
      s.write(`GET /console/purchases.csv HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`),
    );
    socket = s;
    const head = await new Promise<string>((resolve) => s.once('data', (d: Buffer) => resolve(d.toString())));
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    s.pause();
    const cut = new Promise<void>((resolve) => s.once('close', () => resolve()));

    const started = Date.now();
    const stopped = t.node.close().then(() => 'stopped');
    const waited = STOP_STREAM_GRACE_MS + 10_000;
    const outcome = await Promise.race([
      stopped,
      new Promise((resolve) => setTimeout(() => resolve(`still stopping after ${waited} ms`), waited)),
    ]);
    expect(outcome).toBe('stopped');
    expect(Date.now() - started).toBeGreaterThanOrEqual(STOP_STREAM_GRACE_MS - 100);
    s.resume();
    await cut;
  }, 60_000);
});
