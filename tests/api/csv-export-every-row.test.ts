import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { getWallet } from '../../server/store/wallets.js';

/**
 * A merchant selling for years exports everything the filters hold: the sales CSV stopped at
 * 50,000 rows and the ledger CSV at 100,000 without a word (the newest sales, or the latest
 * entries of the range, simply missing). Both now stream page by page to the last row.
 */
const SALES = 50_010;
let t: TestNode;
let admin: ConsoleClient;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  const db = t.node.services.db;
  const demo = getMerchantByCode(db, 'DEMO')!;
  const wallet = getWallet(db, demo.id, 'test');
  const purchase = db.prepare(
    `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn, amount_text, amount_kobo, debit_kobo, state, created_at, updated_at)
     VALUES (?, ?, 'test', ?, 'transaction', 'airtime', 'MTN', '08031234567', '100.00', 10000, 10000, 'failed', ?, ?)`,
  );
  const entry = db.prepare(
    `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at)
     VALUES (?, ?, ?, ?, ?, 'generated', 'test', ?)`,
  );
  // Failed sales, each debited and refunded: over 100,000 ledger entries in the last two days.
  const start = Date.now() - 2 * 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < SALES; i++) {
      const at = new Date(start + i * 2_000).toISOString();
      const id = Number(
        purchase.run(`00000000-0000-7000-8000-${String(i).padStart(12, '0')}`, demo.id, `k-${i}`, at, at)
          .lastInsertRowid,
      );
      entry.run(wallet.id, 'debit', -10000, 1e12 - 10000, id, at);
      entry.run(wallet.id, 'refund', 10000, 1e12, id, at);
    }
  })();
}, 60_000);
afterAll(async () => t.close());

const dataLines = (csv: string) => csv.trim().split('\n').slice(1);

describe('CSV exports of a large history', () => {
  it('the sales CSV holds every sale, newest first', async () => {
    const csv = await admin.get('/console/purchases.csv');
    expect(csv.status).toBe(200);
    const lines = dataLines(csv.text);
    expect(lines.length).toBe(SALES);
    expect(lines[0]).toContain(`00000000-0000-7000-8000-${String(SALES - 1).padStart(12, '0')}`);
    expect(lines[SALES - 1]).toContain('00000000-0000-7000-8000-000000000000');
  }, 60_000);

  it('the ledger CSV holds every entry of the range, oldest first', async () => {
    const csv = await admin.get('/console/admin/merchants/DEMO/wallets/test/ledger.csv');
    expect(csv.status).toBe(200);
    const lines = dataLines(csv.text);
    // A debit and a refund per sale, then the DEMO wallet's funding at the node's first start.
    expect(lines.length).toBe(2 * SALES + 1);
    expect(lines.slice(0, 2).map((l) => l.split(',')[2])).toEqual(['debit', 'refund']);
    expect(lines[2 * SALES - 1]).toContain(`00000000-0000-7000-8000-${String(SALES - 1).padStart(12, '0')}`);
    expect(lines[2 * SALES].split(',')[2]).toBe('funding');
  }, 60_000);
});
