import type { Db } from './db.js';
import { prep } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { PURCHASE_COLUMNS, purchaseOf, purchaseQuery, type Purchase } from './purchases.js';
import { wasPendingSql } from './vend-jobs.js';
import type { PurchaseState } from '../domain/purchase-state.js';
import type { LedgerRow } from './wallets.js';

/**
 * Read-only queries of the admin console: dashboard tallies, pending purchases,
 * an agent's sales, a ledger range. Writes go through the store's business functions.
 */

/** Gift cards and eSIMs are named by their kind; a gift card redeemed into an eSIM is an eSIM. */
const PRODUCT_OF = `CASE WHEN kind <> 'transaction' THEN kind WHEN product = 'ESIM' THEN 'esim' ELSE product END`;

export interface SalesTally {
  product: string;
  state: PurchaseState;
  count: number;
  amount_kobo: number;
  debit_kobo: number;
}

/** Purchases of one environment created in [fromIso, toIso), by product and state. */
export function salesByProductAndState(
  db: Db,
  env: Environment,
  fromIso: string,
  toIso: string,
): SalesTally[] {
  // Read per merchant through purchases_merchant_created: no index serves a day of all merchants.
  return tally(db, 'merchant_id IN (SELECT id FROM merchants) AND ', [env, fromIso, toIso]);
}

/** A tally of an agent's sales, per merchant as well: an agent moved between merchants sold for both. */
export interface AgentSalesTally extends SalesTally {
  merchant_id: number;
}

/** One agent's purchases of one environment in [fromIso, toIso), by merchant, product and state. */
export function agentSalesByProductAndState(
  db: Db,
  userId: number,
  env: Environment,
  fromIso: string,
  toIso: string,
): AgentSalesTally[] {
  return prep(
    db,
    `SELECT merchant_id, ${PRODUCT_OF} AS product, state, COUNT(*) AS count,
            COALESCE(SUM(amount_kobo), 0) AS amount_kobo, COALESCE(SUM(debit_kobo), 0) AS debit_kobo
     FROM purchases WHERE agent_user_id = ? AND environment = ? AND created_at >= ? AND created_at < ?
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  ).all(userId, env, fromIso, toIso) as AgentSalesTally[];
}

/**
 * One agent's sales created in [fromIso, toIso) that failed after being pending (wasPending):
 * the customer may have paid at the desk while it was pending, so the money is due back.
 */
export function agentFailedAfterPending(
  db: Db,
  userId: number,
  env: Environment,
  fromIso: string,
  toIso: string,
  syncWaitMs: number,
): { count: number; amount_kobo: number } {
  return prep(
    db,
    `SELECT COUNT(*) AS count, COALESCE(SUM(amount_kobo), 0) AS amount_kobo FROM purchases
     WHERE agent_user_id = ? AND environment = ? AND created_at >= ? AND created_at < ?
       AND state = 'failed' AND ${wasPendingSql(syncWaitMs)}`,
  ).get(userId, env, fromIso, toIso) as { count: number; amount_kobo: number };
}

/**
 * Sales of earlier shifts whose money went back during this one: reversed in it, or failed in
 * it after being left pending. The customer paid at an earlier shift's drawer and is owed it.
 */
export function agentEarlierSalesRefunded(
  db: Db,
  userId: number,
  env: Environment,
  fromIso: string,
  toIso: string,
): { count: number; amount_kobo: number } {
  return prep(
    db,
    `SELECT COUNT(*) AS count, COALESCE(SUM(amount_kobo), 0) AS amount_kobo FROM purchases
     WHERE agent_user_id = ? AND environment = ? AND created_at < ?
       AND ((state = 'reversed' AND reversed_at >= ? AND reversed_at < ?)
         OR (state = 'failed' AND updated_at >= ? AND updated_at < ?))`,
  ).get(userId, env, fromIso, fromIso, toIso, fromIso, toIso) as { count: number; amount_kobo: number };
}

function tally(db: Db, scope: string, params: unknown[]): SalesTally[] {
  return prep(
    db,
    `SELECT ${PRODUCT_OF} AS product, state, COUNT(*) AS count,
            COALESCE(SUM(amount_kobo), 0) AS amount_kobo, COALESCE(SUM(debit_kobo), 0) AS debit_kobo
     FROM purchases WHERE ${scope}environment = ? AND created_at >= ? AND created_at < ?
     GROUP BY 1, 2 ORDER BY 1, 2`,
  ).all(...params) as SalesTally[];
}

/**
 * The sum of every merchant's wallet of one environment: what the host owes its merchants, as
 * the API's Naira text. Written by SQLite from its 64-bit sum: many wallets together may pass
 * 2^53 kobo, past which a JavaScript number is no longer exact.
 */
export function walletTotal(db: Db, env: Environment): { balance: string; wallets: number } {
  return prep(
    db,
    `SELECT printf('%d.%02d', s / 100, s % 100) AS balance, n AS wallets
       FROM (SELECT COALESCE(SUM(balance_kobo), 0) AS s, COUNT(*) AS n FROM wallets WHERE environment = ?)`,
  ).get(env) as { balance: string; wallets: number };
}

/** Pending purchases of an environment, and how many of them are flagged for an admin. */
export function pendingCounts(db: Db, env: Environment): { pending: number; needs_attention: number } {
  return prep(
    db,
    `SELECT COUNT(*) AS pending, COALESCE(SUM(needs_attention), 0) AS needs_attention
     FROM purchases WHERE state = 'pending' AND environment = ?`,
  ).get(env) as { pending: number; needs_attention: number };
}

/** Pending purchases not (yet) flagged, oldest first: the ones an admin may watch or flag early. */
export function listUnflaggedPending(db: Db, limit: number): Purchase[] {
  return purchaseQuery(
    db,
    `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE state = 'pending' AND needs_attention = 0 ORDER BY id LIMIT ?`,
  )
    .all(limit)
    .map((r) => purchaseOf(r, db));
}

/**
 * A wallet's ledger in [fromIso, toIso), oldest first (CSV export with running balance), in
 * pages of `pageSize`: each page is its own query on ledger_wallet_created that starts after
 * the last entry read, so a range of years holds one page at a time. Entries are appended in
 * time order (stamp-clock.ts: a clock set back does not stamp before the last), so time then id
 * is the order of their ids.
 */
export function* ledgerPages(
  db: Db,
  walletId: number,
  fromIso: string,
  toIso: string,
  pageSize: number,
): Generator<LedgerRow[]> {
  const page = prep(db, LEDGER_PAGE);
  let after: [string, number] = [fromIso, 0];
  for (;;) {
    const rows = page.all(walletId, ...after, toIso, pageSize) as LedgerRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = [last.created_at, last.id];
  }
}

/** One page of ledgerPages: the entries after (created_at, id), before `to`. */
export const LEDGER_PAGE = `SELECT l.id, l.kind, l.amount_kobo, l.balance_after_kobo, l.purchase_id, p.internal_reference, l.reason, l.actor, l.created_at
     FROM ledger_entries l LEFT JOIN purchases p ON p.id = l.purchase_id
     WHERE l.wallet_id = ? AND (l.created_at, l.id) > (?, ?) AND l.created_at < ?
     ORDER BY l.created_at, l.id LIMIT ?`;

/** Balances of every merchant's two wallets, for the merchant list. */
export function walletBalancesByMerchant(db: Db): Map<number, Record<Environment, number>> {
  const rows = prep(db, 'SELECT merchant_id, environment, balance_kobo FROM wallets').all() as {
    merchant_id: number;
    environment: Environment;
    balance_kobo: number;
  }[];
  const out = new Map<number, Record<Environment, number>>();
  for (const r of rows) {
    const m = out.get(r.merchant_id) ?? { test: 0, live: 0 };
    m[r.environment] = r.balance_kobo;
    out.set(r.merchant_id, m);
  }
  return out;
}

/** Recent audit entries, newest first, optionally of one subject (e.g. a merchant code). */
export function listAuditEntries(db: Db, opts: { subject?: string; limit: number }) {
  const rows = opts.subject
    ? prep(db, 'SELECT * FROM audit_log WHERE subject = ? ORDER BY id DESC LIMIT ?').all(
        opts.subject,
        opts.limit,
      )
    : prep(db, 'SELECT * FROM audit_log ORDER BY id DESC LIMIT ?').all(opts.limit);
  return (
    rows as {
      id: number;
      actor: string;
      action: string;
      subject: string;
      detail: string;
      created_at: string;
    }[]
  ).map((r) => ({
    ...r,
    detail: JSON.parse(r.detail) as unknown,
  }));
}
