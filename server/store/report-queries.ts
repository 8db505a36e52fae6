import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { PURCHASE_COLUMNS, purchaseOf, purchaseQuery, type Purchase } from './purchases.js';

/** Read-only queries behind the daily reports: one merchant, one environment, one time window. */

/** Purchases (transactions and orders) created in [from, to), oldest first. */
export function purchasesCreatedBetween(
  db: Db,
  merchantId: number,
  env: Environment,
  from: string,
  to: string,
): Purchase[] {
  return purchaseQuery(
    db,
    `SELECT ${PURCHASE_COLUMNS} FROM purchases
       WHERE merchant_id = ? AND environment = ? AND created_at >= ? AND created_at < ?
       ORDER BY created_at, id`,
  )
    .all(merchantId, env, from, to)
    .map((r) => purchaseOf(r, db));
}

export interface LedgerWindow {
  /** Balance after the last entry before `from` (0 when the wallet had none). */
  openingKobo: number;
  /** Balance after the last entry before `to`. */
  closingKobo: number;
  /** Sum of entries in the window per kind (debits negative, as stored). */
  movements: {
    funding: number;
    debit: number;
    refund: number;
    adjustment: number;
    reversal: number;
    debit_correction: number;
  };
}

/** Opening and closing balance of a wallet around a window, and what moved it in between. */
export function ledgerWindow(
  db: Db,
  merchantId: number,
  env: Environment,
  from: string,
  to: string,
): LedgerWindow {
  const wallet = db
    .prepare('SELECT id FROM wallets WHERE merchant_id = ? AND environment = ?')
    .get(merchantId, env) as { id: number } | undefined;
  const movements = { funding: 0, debit: 0, refund: 0, adjustment: 0, reversal: 0, debit_correction: 0 };
  if (!wallet) return { openingKobo: 0, closingKobo: 0, movements };
  // Entries are appended in time order, so the highest id before an instant holds its balance.
  const balanceBefore = (iso: string): number =>
    (
      db
        .prepare(
          'SELECT balance_after_kobo AS b FROM ledger_entries WHERE wallet_id = ? AND created_at < ? ORDER BY id DESC LIMIT 1',
        )
        .get(wallet.id, iso) as { b: number } | undefined
    )?.b ?? 0;
  const sums = db
    .prepare(
      `SELECT kind, SUM(amount_kobo) AS total FROM ledger_entries WHERE wallet_id = ? AND created_at >= ? AND created_at < ?
       GROUP BY kind`,
    )
    .all(wallet.id, from, to) as { kind: keyof LedgerWindow['movements']; total: number }[];
  for (const s of sums) movements[s.kind] = s.total;
  return { openingKobo: balanceBefore(from), closingKobo: balanceBefore(to), movements };
}
