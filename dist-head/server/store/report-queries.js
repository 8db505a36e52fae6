import { toPurchase } from './purchases.js';
/** Read-only queries behind the daily reports: one merchant, one environment, one time window. */
/** Purchases (transactions and orders) created in [from, to), oldest first. */
export function purchasesCreatedBetween(db, merchantId, env, from, to) {
    const rows = db
        .prepare(`SELECT * FROM purchases WHERE merchant_id = ? AND environment = ? AND created_at >= ? AND created_at < ?
       ORDER BY created_at, id`)
        .all(merchantId, env, from, to);
    return rows.map(toPurchase);
}
/** Opening and closing balance of a wallet around a window, and what moved it in between. */
export function ledgerWindow(db, merchantId, env, from, to) {
    const wallet = db
        .prepare('SELECT id FROM wallets WHERE merchant_id = ? AND environment = ?')
        .get(merchantId, env);
    const movements = { funding: 0, debit: 0, refund: 0, adjustment: 0 };
    if (!wallet)
        return { openingKobo: 0, closingKobo: 0, movements };
    // Entries are appended in time order, so the highest id before an instant holds its balance.
    const balanceBefore = (iso) => db
        .prepare('SELECT balance_after_kobo AS b FROM ledger_entries WHERE wallet_id = ? AND created_at < ? ORDER BY id DESC LIMIT 1')
        .get(wallet.id, iso)?.b ?? 0;
    const sums = db
        .prepare(`SELECT kind, SUM(amount_kobo) AS total FROM ledger_entries WHERE wallet_id = ? AND created_at >= ? AND created_at < ?
       GROUP BY kind`)
        .all(wallet.id, from, to);
    for (const s of sums)
        movements[s.kind] = s.total;
    return { openingKobo: balanceBefore(from), closingKobo: balanceBefore(to), movements };
}
//# sourceMappingURL=report-queries.js.map