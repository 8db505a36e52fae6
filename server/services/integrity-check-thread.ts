import { Worker } from 'node:worker_threads';
import { threadEntry } from '../thread-entry.js';

/** What the check's thread is given: the database file to check, opened read-only there. */
export interface IntegrityCheckData {
  path: string;
}

export type FromIntegrityCheck = { result: string; error?: undefined } | { error: string };

/**
 * SQLite's integrity check of a whole database file, run on a thread of its own
 * (`integrity-check-worker.ts`, its entry): it reads every page (about 6 s for a 530 MB backup,
 * a million sales), and on the node's main thread that long nobody could sell or open a page.
 * The thread opens the file read-only with its own connection and answers the check's first
 * line ("ok", or what is wrong).
 */
export function integrityCheckOffThread(path: string): Promise<string> {
  const [entry, options] = threadEntry(import.meta.url, 'integrity-check-worker');
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { ...options, workerData: { path } satisfies IntegrityCheckData });
    let answered = false;
    worker.once('message', (m: FromIntegrityCheck) => {
      answered = true;
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.result);
    });
    worker.once('error', (err) => {
      answered = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the integrity check's thread stopped (exit ${code})`));
    });
  });
}
