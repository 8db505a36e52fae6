/**
 * Fills a data directory with N realistic stored transactions for the list, memory and
 * start-up scenarios: mixed products, networks and outcomes, one debit ledger entry each
 * (and a refund for failures), so `ledger verify` holds on the result.
 * Usage: tsx tests/bench/generate.ts --data-dir DIR [--count 1000000]
 *
 * Fast by construction: prepared statements, one transaction per 50,000 purchases, no fsync,
 * and the secondary indexes of the three big tables dropped first and built once at the end
 * (a sorted build instead of a million random B-tree inserts). The bench caches the result
 * (tests/bench/generated-db.ts), so this runs once per row count and schema.
 */
import { parseArgs } from 'node:util';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { getWallet } from '../../server/store/wallets.js';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, count: { type: 'string', default: '1000000' } },
});
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
const count = Number(values.count);

const { db } = openStore(dataDir, catalogDir(resourcesDir()));
db.pragma('synchronous = OFF'); // generation only; the node reopens with FULL
db.pragma('cache_size = -262144'); // 256 MiB of page cache for the index builds
db.pragma('temp_store = MEMORY');
// Built again, with their own SQL, after the rows are in.
const indexes = db
  .prepare(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
     AND tbl_name IN ('purchases', 'ledger_entries', 'vend_jobs')`,
  )
  .all() as { name: string; sql: string }[];
const demo = getMerchantByCode(db, 'DEMO')!;
const wallet = getWallet(db, demo.id, 'test');
const dataPlans = db
  .prepare('SELECT id, network, plan_code, price_kobo FROM data_plans WHERE active = 1')
  .all() as { id: number; network: string; plan_code: string; price_kobo: number }[];
const telcos = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'];
const prefixes = ['0803', '0805', '0802', '0809', '0813', '0815', '0812', '0817'];

const insertPurchase = db.prepare(
  `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn, plan_ref, plan_id, amount_text, amount_kobo, debit_kobo, state, result, created_at, updated_at)
   VALUES (?, ?, 'test', ?, 'transaction', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertJob = db.prepare(`INSERT INTO vend_jobs (purchase_id, state) VALUES (?, 'done')`);
const insertLedger = db.prepare(
  `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at) VALUES (?, ?, ?, ?, ?, ?, 'bench', ?)`,
);

/**
 * A UUID-shaped reference that grows with i: the unique indexes on the reference and the key
 * then take appends instead of random inserts, which is most of the generation time.
 */
const run = (Date.now() & 0xffffffff).toString(16).padStart(8, '0');
function referenceOf(i: number): string {
  const h = i.toString(16).padStart(12, '0');
  return `${run}-${h.slice(0, 4)}-4${h.slice(4, 7)}-8${h.slice(7, 10)}-${h.slice(10)}0000000000`;
}

let balance = 0;
const funding = 100_000 * count * 100;
const start = Date.parse('2026-01-01T00:00:00Z');
db.transaction(() => {
  balance = wallet.balanceKobo + funding;
  insertLedger.run(
    wallet.id,
    'funding',
    funding,
    balance,
    null,
    'bench funding',
    new Date(start).toISOString(),
  );
})();

for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
const startedAt = performance.now();
const batch = 50_000;
for (let done = 0; done < count; done += batch) {
  db.transaction(() => {
    for (let i = done; i < Math.min(done + batch, count); i++) {
      const at = new Date(start + i * 15_000).toISOString();
      const isData = i % 3 === 0;
      const plan = dataPlans[i % dataPlans.length];
      const network = isData ? plan.network : telcos[i % 4];
      const kobo = isData ? plan.price_kobo : (1 + (i % 20)) * 5_000;
      const state = i % 50 === 0 ? 'failed' : 'success';
      const msisdn = `${prefixes[i % prefixes.length]}${String(1_000_000 + (i % 9_000_000)).padStart(7, '0')}`;
      const id = Number(
        insertPurchase.run(
          referenceOf(i),
          demo.id,
          `gen-${String(i).padStart(9, '0')}`,
          isData ? 'data' : 'airtime',
          network,
          msisdn,
          isData ? plan.plan_code : '',
          isData ? plan.plan_code : null,
          (kobo / 100).toFixed(2),
          kobo,
          kobo,
          state,
          state === 'success' ? '{"external_reference":"GEN"}' : null,
          at,
          at,
        ).lastInsertRowid,
      );
      insertJob.run(id);
      balance -= kobo;
      insertLedger.run(wallet.id, 'debit', -kobo, balance, id, 'generated', at);
      if (state === 'failed') {
        balance += kobo;
        insertLedger.run(wallet.id, 'refund', kobo, balance, id, 'generated refund', at);
      }
    }
  })();
  if (process.stderr.isTTY) process.stderr.write(`\rgenerated ${Math.min(done + batch, count)} / ${count}`);
}
db.prepare('UPDATE wallets SET balance_kobo = ? WHERE id = ?').run(balance, wallet.id);
const rowsMs = performance.now() - startedAt;
for (const i of indexes) db.exec(i.sql);
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
console.error(
  `\ngenerated ${count} transactions in ${dataDir}: rows ${Math.round(rowsMs / 1000)} s, ` +
    `indexes ${Math.round((performance.now() - startedAt - rowsMs) / 1000)} s`,
);
