// History's text-search thread (search-thread.ts starts it): reads History's slow text searches
// over the node's database through a read-only connection of its own, opened on the first
// read and kept until the node's stop asks it to close. It runs no HTTP, so it needs no
// tick-shape pin (../tick-shape-pin.ts).
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { listPurchaseValues, purchasePageValues } from '../store/purchase-lists.js';
import type { FromSearch, SearchRead, SearchRows, SearchThreadData, ToSearch } from './search-thread.js';

const port = parentPort!;
const { dbPath, gate } = workerData as SearchThreadData;
const held = new Int32Array(gate);
const post = (m: FromSearch) => port.postMessage(m);
let db: Database.Database | undefined;

function opened(): Database.Database {
  if (db) return db;
  db = new Database(dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** One read in one read transaction: a list's rows and total are the same snapshot. */
function answer(id: number, read: SearchRead): SearchRows {
  const conn = opened();
  return conn.transaction((): SearchRows => {
    if (Atomics.load(held, 0) === 1) {
      // Tests: the snapshot is taken (a read begins it), then the read waits to be let go.
      conn.prepare('SELECT 1 FROM purchases LIMIT 1').get();
      post({ id, type: 'held' });
      while (Atomics.load(held, 0) === 1) Atomics.wait(held, 0, 1);
    }
    if (read.type === 'list') return listPurchaseValues(conn, read.filter, read.page, read.limit);
    const rows = purchasePageValues(conn, read.filter, read.below, read.pageSize);
    return { rows, total: rows.length };
  })();
}

port.on('message', (m: ToSearch) => {
  if ('close' in m) {
    db?.close();
    port.close();
    return;
  }
  try {
    post({ id: m.id, type: 'result', answer: answer(m.id, m.read) });
  } catch (e) {
    post({ id: m.id, type: 'error', error: e instanceof Error ? e.message : String(e) });
  }
});
