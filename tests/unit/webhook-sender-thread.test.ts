import { spawn, type ChildProcess } from 'node:child_process';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { SenderThread } from '../../server/jobs/webhook-sender-thread.js';
import { SENDER_DEFAULTS } from '../../server/jobs/webhook-sender.js';
import { signatureHeader } from '../../server/domain/webhook-signature.js';

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
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function newThread(): SenderThread {
  const t = new SenderThread({ ...SENDER_DEFAULTS, allowPrivate: true });
  threads.push(t);
  return t;
}

/** Lets the thread's batched message go out: sends submitted in one turn leave on the next. */
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('the webhook sending thread', () => {
  it('posts deliveries while the main event loop is busy, signed exactly as before', async () => {
    const rx = await startReceiverProcess();
    const thread = newThread();
    // The first send starts the thread (and its connection); only then is the main loop blocked.
    expect((await thread.send(rx.url, '{}', ['whsec_a'], 1)).status).toBe(200);
    const nowS = Math.floor(Date.now() / 1000);
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ id: `evt_${i}`, n: i }));
    const sends = bodies.map((b) => thread.send(rx.url, b, ['whsec_a', 'whsec_old'], nowS));
    await nextTurn();
    // Busy, as under a saturating create load: a sender on this loop could not post anything now.
    const busyUntil = Date.now() + 1_500;
    while (Date.now() < busyUntil) {
      // spin
    }
    const results = await Promise.all(sends);
    results.forEach((r, i) => {
      expect(r.status).toBe(200);
      const [at, header] = r.response!.split(' ');
      expect(Number(at)).toBeLessThan(busyUntil);
      expect(header).toBe(signatureHeader(['whsec_a', 'whsec_old'], nowS, bodies[i]));
    });
  }, 30_000);

  it('close() lets the requests on the wire finish and hands back their outcomes', async () => {
    const rx = await startReceiverProcess(400);
    const thread = newThread();
    const sends = Array.from({ length: 5 }, (_, i) => thread.send(rx.url, `{"n":${i}}`, ['s'], 1));
    await nextTurn();
    await new Promise((r) => setTimeout(r, 100));
    await thread.close();
    const results = await Promise.all(sends);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  }, 30_000);

  it('a thread that dies rejects what it held (so it is sent again) and the next send starts a new one', async () => {
    const rx = await startReceiverProcess(2_000);
    const thread = newThread();
    const held = thread.send(rx.url, '{}', ['s'], 1);
    await nextTurn();
    await new Promise((r) => setTimeout(r, 200));
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(held).rejects.toThrow(/thread/);
    const fast = await startReceiverProcess();
    expect((await thread.send(fast.url, '{}', ['s'], 1)).status).toBe(200);
  }, 30_000);
});
