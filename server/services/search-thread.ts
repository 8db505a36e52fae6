import { Worker } from 'node:worker_threads';
import { Overloaded } from '../domain/errors.js';
import type { PurchaseFilter } from '../store/purchase-lists.js';
import type { PurchaseValues } from '../store/purchases.js';
import { threadEntry } from '../thread-entry.js';

/** What the search thread is given: the node's database file (opened read-only there) and the signals. */
export interface SearchThreadData {
  dbPath: string;
  /** Int32s the main thread writes and the read looks at while it runs: GATE and STOP. */
  signals: SharedArrayBuffer;
}

/** Tests: 1 holds each read at its start (its snapshot taken), 2 at its first check inside a statement. */
export const GATE = 0;
/** The id of the read to stop: the read throws at its next check and answers 'stopped'. */
export const STOP = 1;

/** A History text search's read: a page of the list with its total, or one page of its CSV. */
export type SearchRead =
  | { type: 'list'; filter: PurchaseFilter; page: number; limit: number }
  | { type: 'csv-page'; filter: PurchaseFilter; below: number; pageSize: number };

/** The rows as stored (the main thread opens sealed results) and, for a list, its total. */
export interface SearchRows {
  rows: PurchaseValues[];
  total: number;
}

export type ToSearch = { id: number; read: SearchRead } | { close: true };
export type FromSearch =
  | { id: number; type: 'result'; answer: SearchRows }
  | { id: number; type: 'error'; error: string }
  /** The read stopped at a check, before its end, as the main thread asked. */
  | { id: number; type: 'stopped' }
  /** The read holds its snapshot and waits at the test gate, at its start or inside a statement. */
  | { id: number; type: 'held'; at: HeldAt };

export type HeldAt = 'start' | 'statement';

/** Searches waiting for the thread beyond the one it reads: more are answered 503. */
export const MAX_QUEUED_SEARCHES = 4;
/** The wait a refused search is told: about one text search at a million sales. */
export const SEARCH_RETRY_AFTER_MS = 2_000;
/** What a search cut off by the node's stop answers (503, as the ledger check does). */
const STOPPING_RETRY_AFTER_MS = 5_000;

interface Job {
  id: number;
  read: SearchRead;
  resolve: (rows: SearchRows) => void;
  reject: (error: Error) => void;
  /** Drops the job's abort listener once it has left the queue. */
  detach: () => void;
}

/**
 * History's free-text search (a LIKE over seven columns of every sale of the merchant's
 * environment: 1–2.6 s at a million sales) on a thread of its own: on the node's main thread
 * that long no sale, status poll or page of anyone was answered (a `/v1/healthz` asked during
 * one waited 1.4 s). Only that slow read comes here; exact lookups, lists without text and /v1
 * stay on the main thread (index reads under a millisecond, cheaper there than a message).
 *
 * Unlike the ledger and integrity checks (a thread per check: an admin's rare click of seconds,
 * where ~30 ms of start-up and opening is nothing), the thread stays up once started, with its
 * own read-only connection: searches are an agent's everyday tool, and on a small database a
 * search takes 1–2 ms, which a new thread per search would make tens of times slower. It starts
 * on the first search (a node nobody searches never pays for it), and ends at the node's stop.
 *
 * One read at a time (the thread's one connection; the machine may have two cores, shared with
 * the node), `MAX_QUEUED_SEARCHES` more waiting in order; beyond that a search is refused 503
 * with Retry-After (Overloaded, as a purchase beyond --max-waiting). A CSV's later pages are
 * never refused (its answer has begun): each export waits for one page at a time, so they add
 * at most one waiting read per export under way. A search whose client has gone (the agent
 * typed on or cancelled, the page was left) is dropped from the queue if its read has not
 * begun, and stopped if it has: better-sqlite3 has no sqlite3_interrupt, so the read's WHERE
 * calls back into the thread's JavaScript every CHECKPOINT_EVERY-th sale it scans, which
 * throws once STOP names the read (about a millisecond later at a million sales; measured at
 * no cost, docs/performance.md). Ending the thread would not stop it: `terminate()` waits
 * for SQLite's step to return.
 *
 * Each read is one read transaction on the thread's connection (WAL): a list's rows and total
 * are one snapshot, and what the node or a CLI committed before it began is seen.
 */
export class SearchThread {
  private worker: Worker | null = null;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private stopped = false;
  private readonly signals = new Int32Array(new SharedArrayBuffer(8));
  private heldWaiters: ((at: HeldAt) => void)[] = [];
  private stoppedCount = 0;

  constructor(
    private readonly dbPath: string,
    readonly maxQueued = MAX_QUEUED_SEARCHES,
  ) {}

  /** Reads under way and waiting (tests, the stop). */
  get busy(): { running: boolean; queued: number } {
    return { running: this.running !== null, queued: this.queue.length };
  }

  /** Reads the thread stopped before their end because their client went (tests). */
  get stoppedReads(): number {
    return this.stoppedCount;
  }

  /**
   * The read answered on the thread. `admitted`: a CSV's later page, never refused for the
   * queue's length. `signal`: the client went away; a read not yet begun is dropped, one under
   * way is stopped.
   */
  read(read: SearchRead, opts: { admitted?: boolean; signal?: AbortSignal } = {}): Promise<SearchRows> {
    if (this.stopped) return Promise.reject(stoppingError());
    if (!opts.admitted && this.running && this.queue.length >= this.maxQueued)
      return Promise.reject(
        new Overloaded(
          `The node is busy: ${this.maxQueued + 1} History searches are under way or waiting; retry after the Retry-After delay`,
          SEARCH_RETRY_AFTER_MS,
        ),
      );
    return new Promise<SearchRows>((resolve, reject) => {
      const job: Job = { id: this.nextId++, read, resolve, reject, detach: () => {} };
      const signal = opts.signal;
      if (signal) {
        const onAbort = () => {
          if (this.running === job) return this.stopRunning(job);
          const at = this.queue.indexOf(job);
          if (at < 0) return;
          this.queue.splice(at, 1);
          reject(new Error('the search was dropped: its client went away before it was read'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(job);
      this.next();
    });
  }

  /**
   * Tests: each read from now on waits inside its read transaction until release(), at its
   * start (its snapshot taken) or at its first check inside a statement (part of the scan done).
   */
  hold(at: HeldAt = 'start'): void {
    Atomics.store(this.signals, GATE, at === 'start' ? 1 : 2);
  }

  /** Tests: lets the held read (and those after it) go on. */
  release(): void {
    Atomics.store(this.signals, GATE, 0);
    Atomics.notify(this.signals, GATE);
  }

  /** Tests: resolves, with where, when a read holds at the gate. */
  whenHeld(): Promise<HeldAt> {
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }

  /** The read under way is asked to stop at its next check (a held one is woken to see it). */
  private stopRunning(job: Job): void {
    Atomics.store(this.signals, STOP, job.id);
    Atomics.notify(this.signals, GATE);
  }

  /**
   * The node stops: a read under way is cut off (its thread terminated) and answered 503, as are
   * those waiting; no new one starts. An idle thread closes its connection and ends.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    this.worker = null;
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(stoppingError()));
    const cut = this.running;
    this.running = null;
    if (cut) {
      // Stopped at its next check: terminate() waits for SQLite's step to return.
      this.stopRunning(cut);
      this.settle(cut, () => cut.reject(stoppingError()));
    }
    if (!worker) return;
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    if (cut) {
      const terminated = worker.terminate();
      this.release();
      await terminated;
    } else {
      worker.postMessage({ close: true } satisfies ToSearch);
      await ended;
    }
  }

  private settle(job: Job, f: () => void): void {
    job.detach();
    f();
  }

  private next(): void {
    if (this.running || this.stopped) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.running = job;
    const worker = this.started();
    worker.ref();
    worker.postMessage({ id: job.id, read: job.read } satisfies ToSearch);
  }

  /** The thread, started on the first search (or after one failed). */
  private started(): Worker {
    if (this.worker) return this.worker;
    const [entry, options] = threadEntry(import.meta.url, 'search-worker');
    const worker = new Worker(entry, {
      ...options,
      workerData: {
        dbPath: this.dbPath,
        signals: this.signals.buffer as SharedArrayBuffer,
      } satisfies SearchThreadData,
    });
    worker.on('message', (m: FromSearch) => {
      if (m.type === 'held') {
        for (const w of this.heldWaiters.splice(0)) w(m.at);
        return;
      }
      const job = this.running;
      if (!job || job.id !== m.id) return;
      this.running = null;
      if (m.type === 'stopped') {
        this.stoppedCount++;
        this.settle(job, () => job.reject(new Error('the search was stopped: its client went away')));
      } else if (m.type === 'result') this.settle(job, () => job.resolve(m.answer));
      else this.settle(job, () => job.reject(new Error(`the History search failed: ${m.error}`)));
      this.next();
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const job = this.running;
      this.running = null;
      if (job) this.settle(job, () => job.reject(new Error(`the History search's thread stopped (${why})`)));
      this.next();
    };
    worker.once('error', (err) => lost(err.message));
    worker.once('exit', (code) => lost(`exit ${code}`));
    this.worker = worker;
    return worker;
  }
}

const stoppingError = () =>
  new Overloaded(
    'The node is stopping: the History search was cut off before its answer; search again once the node is back',
    STOPPING_RETRY_AFTER_MS,
  );
