import { Worker } from 'node:worker_threads';
import { Overloaded } from '../domain/errors.js';
import type { LedgerVerification } from '../store/wallets.js';
import { threadEntry } from '../thread-entry.js';

/** What the check's thread is given: the node's database file, opened read-only there. */
export interface LedgerCheckData {
  dbPath: string;
}

export type FromLedgerCheck =
  /** The read transaction holds its snapshot: the answer will be the books as of now. */
  { type: 'snapshot' } | { type: 'result'; result: LedgerVerification } | { type: 'error'; error: string };

/** What a check cut off by the node's stop answers (503, as a request refused while stopping). */
const STOPPING_RETRY_AFTER_MS = 5_000;

/**
 * The console's "Verify all wallets" (`ledger verify`) on a thread of its own: it reads every
 * ledger entry and every sale (about 2 s at a million sales, 20 s at ten million), and on the
 * node's main thread that long no sale, poll or page was answered. The thread opens the database
 * read-only and reads it in one transaction (store/wallets.ts `verifyLedger`), so the answer is
 * the books at one instant while sales go on. One check at a time: a request while one runs
 * gets that one's answer. The node's stop ends a check under way; its request is answered 503.
 */
export class LedgerCheckThread {
  private current: { answer: Promise<LedgerVerification>; worker: Worker; cut: () => void } | null = null;
  private stopped = false;

  constructor(private readonly dbPath: string) {}

  /** A check is under way. */
  get running(): boolean {
    return this.current !== null;
  }

  /** The books checked; `onSnapshot` hears when the instant they are read at is taken (this run's starter only). */
  verify(onSnapshot: () => void = () => {}): Promise<LedgerVerification> {
    if (this.stopped) return Promise.reject(stoppingError());
    if (this.current) return this.current.answer;
    const [entry, options] = threadEntry(import.meta.url, 'ledger-check-worker');
    const worker = new Worker(entry, {
      ...options,
      workerData: { dbPath: this.dbPath } satisfies LedgerCheckData,
    });
    let cut!: () => void;
    const answer = new Promise<LedgerVerification>((resolve, reject) => {
      let settled = false;
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        this.current = null;
        f();
      };
      cut = () => settle(() => reject(stoppingError()));
      worker.on('message', (m: FromLedgerCheck) => {
        if (m.type === 'snapshot') onSnapshot();
        else if (m.type === 'result') settle(() => resolve(m.result));
        else settle(() => reject(new Error(`the ledger check failed: ${m.error}`)));
      });
      worker.once('error', (err) => settle(() => reject(err)));
      worker.once('exit', (code) =>
        settle(() => reject(new Error(`the ledger check's thread stopped (exit ${code})`))),
      );
    });
    this.current = { answer, worker, cut };
    return answer;
  }

  /** The node stops: a check under way is ended (its thread terminated) and answered as cut off; no new one starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    const run = this.current;
    if (!run) return;
    run.cut();
    await run.worker.terminate();
  }
}

const stoppingError = () =>
  new Overloaded(
    'The node is stopping: the ledger check was cut off before its answer; run it again once the node is back',
    STOPPING_RETRY_AFTER_MS,
  );
