import { Worker } from 'node:worker_threads';
import type { SendResult, SenderOptions } from './webhook-sender.js';
import { threadEntry } from '../thread-entry.js';

/** What the sending thread needs to claim, sign and send on its own. */
export interface SenderThreadData {
  sender: SenderOptions;
  /** The node's database file, opened read-only by the thread. */
  dbPath: string;
  /** The secret box's key (SecretBox.keyForThread): the thread opens the signing secrets. */
  key: string;
  /** Deliveries on the wire at once, across all endpoints. */
  concurrency: number;
}

/** One attempt's outcome, for the main thread to record. */
export interface AttemptOutcome extends SendResult {
  deliveryId: number;
  /** Attempts made before this one (the retry schedule counts from it). */
  attempts: number;
  /** Never worth retrying: the event is no longer stored. */
  final: boolean;
}

export type ToSenderThread =
  /** Claim what is due at `now` (the node's clock) and send it. */
  | { type: 'pass'; now: number }
  /** These outcomes are committed: the deliveries may be claimed again if still due. */
  | { type: 'recorded'; ids: number[] }
  | { type: 'close' };
export type FromSenderThread = { type: 'outcomes'; outcomes: AttemptOutcome[] } | { type: 'closed' };

/** How long stop() lets requests already on the wire finish before the thread is terminated. */
const CLOSE_GRACE_MS = 5_000;

/**
 * The main thread's side of the sending thread (`webhook-sender-worker.ts`). The thread claims
 * due deliveries through its own read-only SQLite connection, reads their bodies and signing
 * secrets, signs and posts them on its own event loop and undici pool, and hands back the
 * outcomes. This side, the only SQLite writer, fans events out and records outcomes: claiming
 * and reading here took about 8% of a loaded main thread's time.
 *
 * A delivery stays claimed by the thread until its outcome is committed (`recorded`), so it
 * is never sent twice at once, and a later event of the same object (blocked while this one
 * is pending in the store) becomes due only after it.
 *
 * The thread starts on the first pass (once there is an enabled endpoint or a delivery), so a
 * node without endpoints never pays for it. If it dies, what it held is simply still pending
 * in the store and goes out again (at least once) from the next thread.
 */
export class SenderThread {
  private worker: Worker | null = null;
  private closed: (() => void) | null = null;

  constructor(
    private readonly data: SenderThreadData,
    private readonly onOutcomes: (outcomes: AttemptOutcome[]) => void,
    private readonly onExit: (err: Error) => void,
  ) {}

  get running(): boolean {
    return this.worker !== null;
  }

  pass(now: number): void {
    this.thread().postMessage({ type: 'pass', now } satisfies ToSenderThread);
  }

  recorded(ids: number[]): void {
    this.worker?.postMessage({ type: 'recorded', ids } satisfies ToSenderThread);
  }

  /** Sends in flight are waited for (up to a grace period) and their outcomes handed over, then the thread ends. */
  async close(): Promise<void> {
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
    this.worker = null;
    await w.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const [entry, options] = threadEntry(import.meta.url, 'webhook-sender-worker');
    const w = new Worker(entry, Object.assign({}, options, { workerData: this.data }));
    w.on('message', (m: FromSenderThread) => {
      if (m.type === 'closed') this.closed?.();
      else this.onOutcomes(m.outcomes);
    });
    w.on('error', (err) => this.gone(w, err));
    w.on('exit', () => this.gone(w, new Error('webhook sender thread exited')));
    // An idle thread must not keep a process alive on its own (the CLI, a test): the node's server does.
    w.unref();
    this.worker = w;
    return w;
  }

  /** The thread is gone: its deliveries are still pending in the store; the next pass starts a new one. */
  private gone(w: Worker, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.closed?.();
    this.onExit(err);
  }
}
