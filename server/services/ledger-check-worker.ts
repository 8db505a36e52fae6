// The ledger check's thread (ledger-check-thread.ts starts it): `ledger verify` over the node's
// database through a read-only connection of its own, answered to the main thread. It runs
// no HTTP, so it needs no tick-shape pin (../tick-shape-pin.ts), and it ends with its answer.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { verifyLedger } from '../store/wallets.js';
import type { FromLedgerCheck, LedgerCheckData } from './ledger-check-thread.js';

const port = parentPort!;
const post = (m: FromLedgerCheck) => port.postMessage(m);
let db: Database.Database | undefined;
try {
  db = new Database((workerData as LedgerCheckData).dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  post({ type: 'result', result: verifyLedger(db, () => post({ type: 'snapshot' })) });
} catch (e) {
  post({ type: 'error', error: e instanceof Error ? e.message : String(e) });
} finally {
  db?.close();
}
