// History's text-search thread (search-thread.ts starts it): reads History's slow text searches
// over the node's database through a read-only connection of its own, opened on the first
// read and kept until the node's stop asks it to close. It runs no HTTP, so it needs no
// tick-shape pin (../tick-shape-pin.ts).
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { listPurchaseValues, purchasePageValues, SEARCH_CHECKPOINT } from '../store/purchase-lists.js';
import {
  GATE,
  STOP,
  type FromSearch,
  type SearchRead,
  type SearchRows,
  type SearchThreadData,
  type ToSearch,
} from './search-thread.js';

const port = parentPort!;
const { dbPath, signals } = workerData as SearchThreadData;
const flags = new Int32Array(signals);
const post = (m: FromSearch) => port.postMessage(m);
let db: Database.Database | undefined;
/** The read under way (its id), 0 between reads. */
let reading = 0;

/** Thrown inside the read (from SQL too) when the main thread asks it to stop. */
class ReadStopped extends Error {}

/**
 * Where a read looks whether to go on: at its start, and inside its statements at every
 * CHECKPOINT_EVERY-th sale scanned. Stops the read when the main thread named it in STOP; waits
 * while the test gate holds reads at this place (1: the start, 2: inside a statement).
 */
function goOn(at: 'start' | 'statement'): 1 {
  const held = at === 'start' ? 1 : 2;
  if (Atomics.load(flags, STOP) !== reading && Atomics.load(flags, GATE) === held) {
    post({ id: reading, type: 'held', at });
    while (Atomics.load(flags, GATE) === held && Atomics.load(flags, STOP) !== reading)
      Atomics.wait(flags, GATE, held);
  }
  if (Atomics.load(flags, STOP) === reading) throw new ReadStopped('the read was stopped');
  return 1;
}

function opened(): Database.Database {
  if (db) return db;
  db = new Database(dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.function(SEARCH_CHECKPOINT, { deterministic: false }, () => goOn('statement'));
  return db;
}

/** One read in one read transaction: a list's rows and total are the same snapshot. */
function answer(read: SearchRead): SearchRows {
  const conn = opened();
  return conn.transaction((): SearchRows => {
    if (Atomics.load(flags, GATE) === 1) {
      // Tests: the snapshot is taken (a read begins it), then the read waits to be let go.
      conn.prepare('SELECT 1 FROM purchases LIMIT 1').get();
    }
    goOn('start');
    const opts = { stoppable: true };
    if (read.type === 'list') return listPurchaseValues(conn, read.filter, read.page, read.limit, opts);
    const rows = purchasePageValues(conn, read.filter, read.below, read.pageSize, opts);
    return { rows, total: rows.length };
  })();
}

port.on('message', (m: ToSearch) => {
  if ('close' in m) {
    db?.close();
    port.close();
    return;
  }
  reading = m.id;
  try {
    post({ id: m.id, type: 'result', answer: answer(m.read) });
  } catch (e) {
    if (e instanceof ReadStopped) post({ id: m.id, type: 'stopped' });
    else post({ id: m.id, type: 'error', error: e instanceof Error ? e.message : String(e) });
  } finally {
    reading = 0;
  }
});
