import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, request } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { guardConnections } from '../../server/http/connection-caps.js';
import { spawnServer, stopServer, tsx } from '../bench/lib.js';
import { CODE, prepareDataDir } from '../reliability/crash-run.js';

/**
 * Connections held open are bounded (server/http/connection-caps.ts): per client address, and
 * node-wide below the process's descriptor limit. Before, one machine on the LAN could open
 * connections until the node ran out of descriptors: a sale's connection to its provider then
 * failed with EMFILE (the sale failed, refunded) and new clients were dropped unanswered.
 * Tests can only connect from loopback, which the per-address cap does not count; the node's
 * test-only `capLoopbackConnections` counts it, so the cap is met over real sockets.
 */
/** How long a wait below may take before the test fails: only a hung run comes near it. */
const WAIT = { timeout: 15_000, interval: 20 };

const held: Socket[] = [];
afterEach(() => {
  for (const s of held.splice(0)) s.destroy();
});

/**
 * `n` connections that send nothing, kept open until the test ends. Connected is only the
 * kernel's handshake: the caller waits for the node to have counted them (`untilHolding`).
 */
async function holdIdle(port: number, n: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Socket>((resolve) => {
          const s = connect(port, '127.0.0.1', () => resolve(s));
          s.on('error', () => resolve(s));
          held.push(s);
        }),
    ),
  );
}

/**
 * Waits until `server` (in this process) holds exactly `n` connections: every one the test opened
 * accepted and past the caps, every one it closed, or the node refused, closed and uncounted.
 */
async function untilHolding(server: Server, n: number): Promise<void> {
  const holding = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
    );
  await expect.poll(holding, WAIT).toBe(n);
}

/** A raw GET on a new connection: everything the node wrote before it closed. */
function rawGet(port: number, path = '/v1/healthz'): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const s = connect(port, '127.0.0.1', () =>
      s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    s.setTimeout(5_000, () => s.destroy(new Error(`no answer; got: ${text}`)));
    s.on('data', (c: Buffer) => (text += c.toString()));
    s.on('error', reject);
    s.on('close', () => {
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
  });
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? null;

describe('connections per client address', () => {
  let t: TestNode;
  afterAll(async () => {
    await t?.close();
  });

  it('past its cap an address is answered 429 with Retry-After in the error body, and a closed connection frees its place', async () => {
    t = await startTestNode({ connectionsPerIp: 3, capLoopbackConnections: true });
    const port = Number(new URL(t.url).port);
    const idle = await holdIdle(port, 3);
    await untilHolding(t.node.app.server, 3);

    const refused = await rawGet(port);
    expect(refused.status).toBe(429);
    expect(header(refused.head, 'retry-after')).toBe('5');
    expect(header(refused.head, 'connection')).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({
      status: 'error',
      code: 429,
      message:
        'Too many connections from your address: close some and retry after 5 s; nothing was read or charged',
    });

    idle[0].destroy();
    await untilHolding(t.node.app.server, 2);
    expect((await rawGet(port)).status).toBe(200);
  });
});

describe('the node-wide ceiling', () => {
  let t: TestNode;
  afterAll(async () => {
    await t?.close();
  });

  it('loopback is not held to the per-address cap, but every address together is held to the ceiling (503 with Retry-After)', async () => {
    t = await startTestNode({ connectionsPerIp: 3, connectionCeiling: 12 });
    const port = Number(new URL(t.url).port);
    const server = t.node.app.server;
    await holdIdle(port, 10);
    await untilHolding(server, 10);
    // Ten from 127.0.0.1 against a cap of three: loopback is this machine, never capped per address.
    expect((await rawGet(port)).status).toBe(200);

    // The answered connection closed too, so the next two are the eleventh and twelfth.
    await untilHolding(server, 10);
    await holdIdle(port, 2);
    await untilHolding(server, 12);
    const refused = await rawGet(port);
    expect(refused.status).toBe(503);
    expect(header(refused.head, 'retry-after')).toBe('5');
    expect(JSON.parse(refused.body).message).toBe(
      'The node has as many connections open as it can serve: retry after 5 s; nothing was read or charged',
    );

    for (const s of held.splice(0)) s.destroy();
    await untilHolding(server, 0);
    expect((await rawGet(port)).status).toBe(200);
  });
});

describe('a refusal is logged once a minute per address', () => {
  it('names the address, once, however many connections it has refused', async () => {
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    const log = { warn: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }) };
    const server = createServer((_req, res) => res.end('ok'));
    guardConnections(
      server,
      { perAddress: 2, ceiling: 1_000, exempt: () => false },
      log as unknown as FastifyBaseLogger,
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await holdIdle(port, 2);
      await untilHolding(server, 2);
      const answers = await Promise.all(Array.from({ length: 20 }, () => rawGet(port).catch(() => null)));
      expect(answers.filter((a) => a?.status === 429).length).toBeGreaterThan(0);
      expect(answers.some((a) => a?.status === 200)).toBe(false);
      expect(lines).toHaveLength(1);
      expect(lines[0].fields).toMatchObject({ client: '127.0.0.1', open: 2, limit: 2 });
      expect(lines[0].msg).toContain('refusing connections from 127.0.0.1: it holds 2 open');
    } finally {
      for (const s of held.splice(0)) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('a node under a low descriptor limit, flooded with idle connections', () => {
  let dataDir = '';
  let node: NodeProcess | null = null;
  let upstream: ChildProcess | null = null;
  afterAll(async () => {
    if (node) await node.stop();
    if (upstream) await stopServer(upstream);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps descriptors for a sale in flight and a backup, answers new clients 503, logs once and serves again when they close', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-conn-caps-'));
    const slow = await spawnServer([tsx, 'tests/bench/slow-upstream.ts', '--delay-ms', '1500']);
    upstream = slow.child;
    const pair = prepareDataDir(dataDir, slow.url);
    // 300 descriptors in all (soft and hard, so Node cannot raise it): the node keeps half for
    // its own files and sockets and serves at most 150 connections.
    node = await startNodeProcess({
      dataDir,
      under: ['prlimit', '--nofile=300'],
      args: ['--rate-limit', '0', '--max-in-flight', '16', '--log-format', 'json'],
    });
    const { url, port } = node;
    const auth = {
      'x-merchant-key': pair.key,
      'x-merchant-secret': pair.secret,
      'content-type': 'application/json',
    };
    const sale = (id: string) =>
      JSON.stringify({
        merchant_code: CODE,
        customer_msisdn: '08031234567',
        network: 'mtn',
        amount: '50',
        client_request_id: id,
      });

    // A client already connected (keep-alive) before the flood: its sale must reach the provider,
    // and an admin's backup must get its file.
    const desk = new Client(url, { keepAliveTimeout: 60_000 });
    try {
      const setup = await desk.request({
        method: 'POST',
        path: '/console/setup',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'correct horse battery', merchant_code: 'DEMO' }),
      });
      const { csrf_token } = (await setup.body.json()) as { csrf_token: string };
      const cookie = [setup.headers['set-cookie']]
        .flat()
        .find((c) => c?.startsWith('vp_session='))!
        .split(';')[0];
      // The desk's connection is one of the 150 the node serves; it refuses every idle one past
      // them, answered 503 (unread here: these clients never read) or closed unanswered. Once all
      // of those are answered or closed, the node has taken in the whole flood.
      const flood = await holdIdle(port, 400);
      const turnedAway = () => flood.filter((s) => s.readableLength > 0 || s.closed).length;
      await expect.poll(turnedAway, WAIT).toBe(400 - 149);
      const backup = await desk.request({
        method: 'POST',
        path: '/console/admin/backups',
        headers: { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(backup.statusCode).toBe(201);
      expect(((await backup.body.json()) as { integrity: string }).integrity).toBe('ok');
      const res = await desk.request({
        method: 'POST',
        path: '/v1/transactions/airtime/sync',
        headers: auth,
        body: sale('flooded-1'),
      });
      const answered = (await res.body.json()) as { response_code: string; data: Record<string, unknown> };
      expect(res.statusCode).toBe(200);
      expect(answered.response_code).toBe('00');

      // A new client meets the ceiling: an answer it can act on, not a dropped connection.
      const refused = await rawGet(port);
      expect(refused.status).toBe(503);
      expect(header(refused.head, 'retry-after')).toBe('5');
    } finally {
      await desk.close();
    }
    const output = node.output();
    const ceilingLines = output.split('\n').filter((l) => l.includes('refusing new connections'));
    expect(ceilingLines).toHaveLength(1);
    expect(JSON.parse(ceilingLines[0])).toMatchObject({ client: '127.0.0.1', open: 150, limit: 150 });
    expect(output).not.toContain('EMFILE');

    // The node is in another process: a new client is served once it has seen enough of them close.
    for (const s of held.splice(0)) s.destroy();
    await expect.poll(async () => (await rawGet(port)).status, WAIT).toBe(200);
    const after = await request(`${url}/v1/transactions/airtime/sync`, {
      method: 'POST',
      headers: auth,
      body: sale('after-1'),
    });
    expect(((await after.body.json()) as { response_code: string }).response_code).toBe('00');
    expect(node.child.exitCode).toBe(null);
  });
});
