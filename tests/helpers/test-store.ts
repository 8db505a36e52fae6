import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant, getMerchantByCode } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { recordEvent } from '../../server/store/events.js';
import type { Db } from '../../server/store/db.js';
import type { NewPurchase } from '../../server/store/purchases.js';

/**
 * A store on a fresh data directory with one merchant whose test wallet holds `fundKobo`, for
 * tests of store functions without a node. The directory is pushed onto `dirs` for cleanup.
 */
export function storeWithMerchant(dirs: string[], code: string, fundKobo: number) {
  const dir = mkdtempSync(join(tmpdir(), `vendpoint-${code.toLowerCase()}-`));
  dirs.push(dir);
  const { db } = openStore(dir, catalogDir(resourcesDir()));
  const m = createMerchant(db, { code, name: code }, 't').merchant;
  fundWallet(db, {
    merchantId: m.id,
    merchantCode: code,
    env: 'test',
    amountKobo: fundKobo,
    reason: 'test funding',
    actor: 't',
  });
  return { dir, db, m };
}

/** Records `count` wallet.funded events (objects `wallet:<prefix><i>`) in one transaction: an outbox to deliver. */
export function recordWalletEvents(db: Db, merchantId: number, count: number, prefix = ''): void {
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      recordEvent(db, {
        merchantId,
        environment: 'test',
        type: 'wallet.funded',
        objectKey: `wallet:${prefix}${i}`,
        data: { i },
      });
  })();
}

/** A ₦100 MTN airtime sale on test under `idemKey`, debited in full; `change` alters any field. */
export function airtimePurchase(
  merchantId: number,
  idemKey: string,
  change: Partial<NewPurchase> = {},
): NewPurchase {
  return Object.assign(
    {
      merchantId,
      environment: 'test',
      idemKey,
      kind: 'transaction',
      surface: 'v1',
      product: 'airtime',
      network: 'MTN',
      msisdn: '08031234567',
      amountText: '100',
      amountKobo: 10_000,
      debitKobo: 10_000,
      actor: 't',
    } satisfies NewPurchase,
    change,
  );
}

/**
 * `count` settled ₦100 test sales of a merchant whose test wallet holds at least ₦100 each, each
 * with its debit, written in one statement each (a ledger of 100,000s in a second or two), so
 * `ledger verify` holds and takes a while to read them all.
 */
export function fillSales(db: Db, merchantId: number, count: number): void {
  const wallet = db
    .prepare(`SELECT id, balance_kobo FROM wallets WHERE merchant_id = ? AND environment = 'test'`)
    .get(merchantId) as { id: number; balance_kobo: number };
  const at = new Date().toISOString();
  db.transaction(() => {
    const first = (db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM purchases').get() as { id: number })
      .id;
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
       INSERT INTO purchases (id, internal_reference, merchant_id, environment, idem_key, kind, product, network,
                              msisdn, amount_text, amount_kobo, debit_kobo, state, created_at, updated_at)
       SELECT ? + i, printf('filled-%d', ? + i), ?, 'test', printf('filled-%d', ? + i), 'transaction', 'airtime', 'MTN',
              '08031234567', '100', 10000, 10000, 'success', ?, ? FROM n`,
    ).run(count, first, first, merchantId, first, at, at);
    db.prepare(
      `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at)
       SELECT ?, 'debit', -10000, ? - 10000 * (id - ? + 1), id, 'sale', 't', ? FROM purchases WHERE id >= ? ORDER BY id`,
    ).run(wallet.id, wallet.balance_kobo, first, at, first);
    db.prepare('UPDATE wallets SET balance_kobo = balance_kobo - ? WHERE id = ?').run(
      count * 10_000,
      wallet.id,
    );
  })();
}

/** `count` settled ₦100 test sales of merchant `code` (fillSales), its test wallet funded for them first. */
export function fundAndFillSales(db: Db, code: string, count: number, reason: string): void {
  const merchant = getMerchantByCode(db, code)!;
  fundWallet(db, {
    merchantId: merchant.id,
    merchantCode: code,
    env: 'test',
    amountKobo: count * 10_000,
    reason,
    actor: 'test',
  });
  fillSales(db, merchant.id, count);
}
