import { spawn, type ChildProcess } from 'node:child_process';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { SenderThread, type AttemptOutcome } from '../../server/jobs/webhook-sender-thread.js';
import { SENDER_DEFAULTS } from '../../server/jobs/webhook-sender.js';
import { verifySignature } from '../../server/domain/webhook-signature.js';
import { getEventBody } from '../../server/store/events.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { createEndpoint } from '../../server/store/webhooks.js';
import { fanOutEvents } from '../../server/store/webhook-deliveries.js';
import { recordWalletEvents, storeWithMerchant } from '../helpers/test-store.js';
import { eventually } from '../helpers/test-node.js';

/**
 * A receiver in its own process (so it keeps answering while this test's event loop is busy):
 * it waits `delay` ms, then answers each POST with the time it arrived and the signature
 * header it got, as `<arrival ms> <header>`.
 */
async function startReceiverProcess(delay = 0): Promise<{ url: string; child: ChildProcess }> {
  const code = `
    const { createServer } = require('node:http');
    const s = createServer((req, res) => {
      const at = Date.now();
      req.resume();
      req.on('end', () => setTimeout(() => res.end(at + ' ' + req.headers['vendpoint-signature']), ${delay}));
    });
    s.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + s.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      const m = /listening on (\S+)/.exec(c.toString());
      if (m) resolve(m[1]);
    });
    child.once('exit', (c) => reject(new Error(`receiver exited ${c}`)));
  });
  return { url, child };
}

const children: ChildProcess[] = [];
const threads: SenderThread[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A store with one endpoint on `url` and `count` events fanned out into pending deliveries. */
function storeWithDeliveries(url: string, count: number) {
  const s = storeWithMerchant(dirs, 'THR', 100);
  const box = SecretBox.forDataDir(s.dir);
  const { secret } = createEndpoint(s.db, box, {
    merchantId: s.m.id,
    environment: 'test',
    url,
    eventTypes: ['*'],
    actor: 't',
  });
  recordWalletEvents(s.db, s.m.id, count);
  expect(fanOutEvents(s.db, Date.now())).toBe(count);
  return { ...s, box, secret };
}

/** A thread on that store, collecting the outcomes it hands back and the exits it reports. */
function newThread(s: ReturnType<typeof storeWithDeliveries>) {
  const outcomes: AttemptOutcome[] = [];
  const exits: Error[] = [];
  const thread = new SenderThread(
    {
      sender: { ...SENDER_DEFAULTS, allowPrivate: true },
      dbPath: s.db.name,
      key: s.box.keyForThread(),
      concurrency: 8,
    },
    (o) => outcomes.push(...o),
    (e) => exits.push(e),
  );
  threads.push(thread);
  return { thread, outcomes, exits };
}

/** Waits until a count the thread's callbacks grow reaches `n`, failing if it does not. */
async function until(count: () => number, n: number): Promise<void> {
  expect(
    await eventually(
      async () => count(),
      (v) => v === n,
    ),
  ).toBe(n);
}

describe('the webhook sending thread', () => {
  it('claims, signs and posts due deliveries while the main event loop is busy', async () => {
    const rx = await startReceiverProcess();
    const s = storeWithDeliveries(rx.url, 1);
    const { thread, outcomes } = newThread(s);
    // The first pass starts the thread (and its connection); only then is the main loop blocked.
    thread.pass(Date.now());
    await until(() => outcomes.length, 1);
    recordWalletEvents(s.db, s.m.id, 20, 'busy');
    expect(fanOutEvents(s.db, Date.now())).toBe(20);
    thread.pass(Date.now());
    // Busy, as under a saturating create load: a sender on this loop could not post anything now.
    const busyUntil = Date.now() + 1_500;
    while (Date.now() < busyUntil) {
      // spin
    }
    await until(() => outcomes.length, 21);
    const bodies = new Map(
      (
        s.db.prepare('SELECT id, event_id FROM webhook_deliveries').all() as {
          id: number;
          event_id: number;
        }[]
      ).map((d) => [d.id, getEventBody(s.db, d.event_id)!]),
    );
    for (const o of outcomes.slice(1)) {
      expect(o.status).toBe(200);
      expect(o.final).toBe(false);
      const [at, header] = o.response!.split(' ');
      expect(Number(at)).toBeLessThan(busyUntil);
      expect(
        verifySignature(s.secret, header, bodies.get(o.deliveryId)!, Math.floor(Date.now() / 1000)),
      ).toBe(true);
    }
    expect(new Set(outcomes.map((o) => o.deliveryId)).size).toBe(21);
  }, 30_000);

  it('never claims a delivery twice before its outcome is recorded, and claims it again after', async () => {
    const rx = await startReceiverProcess();
    const s = storeWithDeliveries(rx.url, 3);
    const { thread, outcomes } = newThread(s);
    thread.pass(Date.now());
    await until(() => outcomes.length, 3);
    // Nothing recorded: the store still says pending, but the thread holds them.
    thread.pass(Date.now());
    await new Promise((r) => setTimeout(r, 300));
    expect(outcomes).toHaveLength(3);
    // Told they are recorded (but the store still says pending, as after a rolled-back write),
    // the thread takes them up again: at least once.
    thread.recorded(outcomes.map((o) => o.deliveryId));
    await until(() => outcomes.length, 6);
    expect(outcomes.slice(3).map((o) => o.attempts)).toEqual([0, 0, 0]);
  }, 30_000);

  it('close() lets the requests on the wire finish and hands back their outcomes', async () => {
    const rx = await startReceiverProcess(400);
    const s = storeWithDeliveries(rx.url, 5);
    const { thread, outcomes } = newThread(s);
    thread.pass(Date.now());
    await new Promise((r) => setTimeout(r, 300));
    await thread.close();
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200, 200]);
  }, 30_000);

  it('a thread that dies is reported, its deliveries stay pending, and the next pass starts a new one', async () => {
    const rx = await startReceiverProcess(2_000);
    const s = storeWithDeliveries(rx.url, 1);
    const { thread, outcomes, exits } = newThread(s);
    thread.pass(Date.now());
    await new Promise((r) => setTimeout(r, 500));
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await until(() => exits.length, 1);
    expect(thread.running).toBe(false);
    expect(outcomes).toHaveLength(0);
    const fast = await startReceiverProcess();
    s.db.prepare('UPDATE webhook_endpoints SET url = ?').run(fast.url);
    thread.pass(Date.now());
    await until(() => outcomes.length, 1);
    expect(outcomes[0].status).toBe(200);
  }, 30_000);

  it('reports an event no longer stored as final, without sending', async () => {
    const rx = await startReceiverProcess();
    const s = storeWithDeliveries(rx.url, 1);
    s.db.pragma('foreign_keys = OFF');
    s.db.prepare('DELETE FROM events').run();
    const { thread, outcomes } = newThread(s);
    thread.pass(Date.now());
    await until(() => outcomes.length, 1);
    expect(outcomes[0]).toMatchObject({ final: true, status: null, error: 'event no longer stored' });
  }, 30_000);
});
