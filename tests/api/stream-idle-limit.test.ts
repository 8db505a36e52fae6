import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Socket } from 'node:net';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin } from '../helpers/console-admin-session.js';
import { fundAndFillSales } from '../helpers/test-store.js';

/**
 * A streamed answer (here the sales CSV) whose client stopped reading held its connection and
 * its paging through the database until the node stopped. One that drains nothing for the idle
 * limit is cut and logged once; one read slowly goes on to its end. The limit is shortened here
 * (the node's default is STREAM_IDLE_LIMIT_MS, a minute).
 */
const IDLE_LIMIT_MS = 5_000;
const SALES = 50_000;
/** The filters are the query's: the log must not carry them (a customer's number could be one). */
const CSV_PATH = '/console/purchases.csv?status=success&product=airtime';
/** Today's report, in the business time zone the filled sales were made in. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
const REPORT_PATH = `/console/reports/DEMO/test/${today}/csv`;

let t: TestNode;
let cookie: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestNode({ streamIdleMs: IDLE_LIMIT_MS });
  ({ cookie } = await setupFirstAdmin(t.url, 'operator', 'a long admin password'));
  // Many megabytes of CSV: more than the socket buffers hold for a client that reads nothing.
  fundAndFillSales(t.node.services.db, 'DEMO', SALES, 'an export of many sales');
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t?.close();
});

/** Asks for the CSV on a raw socket; resolves with the socket once the answer's head has come. */
async function requestCsv(path = CSV_PATH): Promise<{ client: Socket; first: Buffer }> {
  const client = connect(Number(new URL(t.url).port), '127.0.0.1', () =>
    client.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`),
  );
  sockets.push(client);
  const first = await new Promise<Buffer>((resolve) => client.once('data', resolve));
  client.pause();
  expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
  return { client, first };
}

/** The rest of what the socket receives until the node closes it. */
function readToEnd(client: Socket, first: Buffer): Promise<string> {
  const parts = [first];
  client.on('data', (d: Buffer) => parts.push(d));
  client.resume();
  return new Promise((resolve) => client.once('end', () => resolve(Buffer.concat(parts).toString('utf8'))));
}

/** The node's side of the next connection it accepts. */
function nextServerSocket(): Promise<Socket> {
  return new Promise((resolve) => t.node.app.server.once('connection', resolve));
}

describe('a streamed download whose client stops reading', () => {
  it.each([
    { download: 'the sales CSV', path: CSV_PATH, route: '/console/purchases.csv' },
    { download: "a day's report CSV", path: REPORT_PATH, route: '/console/reports/:code/:env/:date/csv' },
  ])(
    '$download is cut once nothing drained for the idle limit, logged once without the query, and the node goes on',
    async ({ path, route }) => {
      const warn = vi.spyOn(t.node.app.log, 'warn');
      const serverSide = nextServerSocket();
      const { client, first } = await requestCsv(path);
      const closed = new Promise<string>(
        (resolve) => void serverSide.then((s) => s.once('close', () => resolve('cut'))),
      );
      // Without the limit the connection stays open for as long as the client sleeps.
      const waited = IDLE_LIMIT_MS + 20_000;
      const outcome = await Promise.race([
        closed,
        new Promise((resolve) => setTimeout(() => resolve(`still open after ${waited} ms`), waited)),
      ]);
      expect(outcome).toBe('cut');

      // The client gets what the buffers held, then the end: an incomplete file.
      const received = await readToEnd(client, first);
      expect(received.match(/filled-/g)?.length ?? 0).toBeLessThan(SALES * 2);

      const cuts = warn.mock.calls.filter((c) => JSON.stringify(c).includes('cut a download'));
      expect(cuts).toHaveLength(1);
      expect(cuts[0][0]).toMatchObject({ route });
      const logged = JSON.stringify(cuts[0]);
      expect(logged).not.toContain('status=');
      expect(logged).not.toContain(cookie.split('=')[1]);
      expect(logged).not.toContain('filled-');
      warn.mockRestore();

      expect((await t.call('GET', '/v1/healthz', { pair: null })).status).toBe(200);
    },
    60_000,
  );

  it('a client reading slowly, with pauses shorter than the limit, gets the whole file', async () => {
    const { client, first } = await requestCsv();
    const parts = [first];
    // 64 KB every tenth of a second: slower than the node writes, so the socket buffers fill
    // and stay full and each write the node completes waits on this reader. The operating
    // system wakes a writer once a third of a full send buffer (up to 4 MB) has drained: at
    // 640 KB/s that comes well within the limit.
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    let done = false;
    void ended.then(() => (done = true));
    while (!done) {
      const chunk = client.read(64 * 1024) as Buffer | null;
      if (chunk) parts.push(chunk);
      else if (client.readableLength > 0) parts.push(client.read() as Buffer);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const body = Buffer.concat(parts).toString('utf8');
    expect(body.endsWith('\r\n0\r\n\r\n')).toBe(true);
    // Every sale, its reference and request id each: the newest first, the oldest last.
    expect(body.match(/filled-/g)?.length).toBe(SALES * 2);
    expect(body).toMatch(/,filled-1,filled-1,/);
  }, 180_000);
});
