// The integrity check's thread (integrity-check-thread.ts starts it): SQLite's integrity_check of
// one database file through a read-only connection of its own, its first line answered to the
// main thread. It runs no HTTP, so it needs no tick-shape pin (../tick-shape-pin.ts).
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromIntegrityCheck, IntegrityCheckData } from './integrity-check-thread.js';

const port = parentPort!;
const post = (m: FromIntegrityCheck) => port.postMessage(m);
let db: Database.Database | undefined;
try {
  db = new Database((workerData as IntegrityCheckData).path, { readonly: true, fileMustExist: true });
  post({ result: String(db.pragma('integrity_check', { simple: true })) });
} catch (e) {
  post({ error: e instanceof Error ? e.message : String(e) });
} finally {
  db?.close();
}
