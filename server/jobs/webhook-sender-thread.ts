import { Worker } from 'node:worker_threads';
import type { SendResult, SenderOptions } from './webhook-sender.js';

/** One signed POST for the sending thread: the body and the secrets that sign it. */
export interface SendJob {
  id: number;
  url: string;
  body: string;
  secrets: readonly string[];
  nowS: number;
}

export type ToSenderThread = { type: 'send'; jobs: SendJob[] } | { type: 'close' };
export type FromSenderThread =
  { type: 'results'; results: (SendResult & { id: number })[] } | { type: 'closed' };

/** How long stop() lets requests already on the wire finish before the thread is terminated. */
const CLOSE_GRACE_MS = 5_000;

/**
 * The main thread's side of the sending thread (`webhook-sender-worker.ts`). Deliveries were
 * sent on the event loop that also serves creates, and under a saturating load the outgoing
 * HTTP and the HMAC took the CPU the creates needed and still fell behind them; the thread
 * does both on its own event loop with its own undici pool, while this side (the only SQLite
 * writer) keeps claiming and recording. Jobs submitted in the same turn go over in one
 * message, and the thread answers in batches the same way.
 *
 * The thread starts on the first send, so a node without endpoints never pays for it. If it
 * dies, the sends it held reject (their deliveries stay pending and go out again: at least
 * once) and the next send starts a new one.
 */
export class SenderThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (r: SendResult) => void; reject: (e: Error) => void }
  >();
  private outbox: SendJob[] = [];
  private flushing = false;
  private closed: (() => void) | null = null;

  constructor(private readonly opts: SenderOptions) {}

  /** Posts the body from the thread; rejects only if the thread stops before answering. */
  send(url: string, body: string, secrets: readonly string[], nowS: number): Promise<SendResult> {
    const id = this.nextId++;
    return new Promise<SendResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.outbox.push({ id, url, body, secrets, nowS });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Sends in flight are waited for (up to a grace period), then the thread ends. */
  async close(): Promise<void> {
    this.flush();
    const w = this.worker;
    if (!w) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CLOSE_GRACE_MS);
      this.closed = () => {
        clearTimeout(timer);
        resolve();
      };
      w.postMessage({ type: 'close' } satisfies ToSenderThread);
    });
    this.closed = null;
    await w.terminate();
    this.fail(w, new Error('webhook sender thread stopped'));
  }

  private flush(): void {
    this.flushing = false;
    if (this.outbox.length === 0) return;
    const jobs = this.outbox;
    this.outbox = [];
    this.thread().postMessage({ type: 'send', jobs } satisfies ToSenderThread);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const [entry, options] = workerEntry();
    const w = new Worker(entry, { ...options, workerData: this.opts });
    w.on('message', (m: FromSenderThread) => {
      if (m.type === 'closed') return this.closed?.();
      for (const r of m.results) {
        const p = this.waiting.get(r.id);
        if (!p) continue;
        this.waiting.delete(r.id);
        p.resolve({ status: r.status, error: r.error, latencyMs: r.latencyMs, response: r.response });
      }
    });
    w.on('error', (err) => this.fail(w, err));
    w.on('exit', () => this.fail(w, new Error('webhook sender thread exited')));
    // An idle thread must not keep a process alive on its own (the CLI, a test): the node's server does.
    w.unref();
    this.worker = w;
    return w;
  }

  /** The thread is gone: whatever it held is rejected, and the next send starts a new one. */
  private fail(w: Worker, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.closed?.();
    const held = [...this.waiting.values()];
    this.waiting.clear();
    this.outbox = [];
    for (const p of held) p.reject(err);
  }
}

/**
 * The compiled thread entry; under tsx or vitest this module is TypeScript, and the thread
 * loads the TypeScript entry through tsx's API (a worker does not inherit the parent's loader).
 */
function workerEntry(): [URL | string, { eval?: boolean }] {
  if (!import.meta.url.endsWith('.ts')) return [new URL('./webhook-sender-worker.js', import.meta.url), {}];
  const entry = JSON.stringify(new URL('./webhook-sender-worker.ts', import.meta.url).href);
  // Eval'd code resolves `tsx` from the working directory: the repository, for tsx and vitest.
  return [`import('tsx/esm/api').then((t) => t.tsImport(${entry}, ${entry}));`, { eval: true }];
}
