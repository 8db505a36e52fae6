import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { PURCHASE_COLUMNS, purchaseOf, purchaseQuery, type Purchase } from './purchases.js';
import { stateAt, type PurchaseState, type SettledBy } from '../domain/purchase-state.js';

/** Read-only queries behind the daily reports: one merchant, one environment, one time window. */

/** A purchase of a report's day with the state it had when the day ended. */
export interface DayPurchase {
  purchase: Purchase;
  stateAtEnd: PurchaseState;
}

/**
 * Purchases (transactions and orders) created in [from, to), oldest first, each with its
 * state at `to`: a sale refunded, reversed or corrected after the day keeps the day's state,
 * so a report regenerated later tells the same day's story (and `purchase.state` says now).
 */
export function purchasesOfDay(
  db: Db,
  merchantId: number,
  env: Environment,
  from: string,
  to: string,
): DayPurchase[] {
  const purchases = purchasesCreatedBetween(db, merchantId, env, from, to);
  const settled = new Map<number, SettledBy>();
  // A day's purchase can only be settled after it was created, so the window's entries hold all of them.
  const entries = db
    .prepare(
      `SELECT l.purchase_id AS id, l.kind AS kind FROM ledger_entries l JOIN wallets w ON w.id = l.wallet_id
        WHERE w.merchant_id = ? AND w.environment = ? AND l.created_at >= ? AND l.created_at < ?
          AND l.kind IN ('refund', 'reversal', 'debit_correction') AND l.purchase_id IS NOT NULL`,
    )
    .all(merchantId, env, from, to) as { id: number; kind: 'refund' | 'reversal' | 'debit_correction' }[];
  for (const e of entries) {
    const by = settled.get(e.id) ?? { refunded: false, reversed: false, corrected: false };
    if (e.kind === 'refund') by.refunded = true;
    else if (e.kind === 'reversal') by.reversed = true;
    else by.corrected = true;
    settled.set(e.id, by);
  }
  const none: SettledBy = { refunded: false, reversed: false, corrected: false };
  return purchases.map((p) => ({ purchase: p, stateAtEnd: stateAt(p.state, settled.get(p.id) ?? none) }));
}

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
  // Entries are appended in time order, so the latest one before an instant holds its balance
  // (one seek of ledger_wallet_created; ordered by id, SQLite read every earlier entry).
  const balanceBefore = (iso: string): number =>
    (
      db
        .prepare(
          'SELECT balance_after_kobo AS b FROM ledger_entries WHERE wallet_id = ? AND created_at < ? ORDER BY created_at DESC, id DESC LIMIT 1',
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
