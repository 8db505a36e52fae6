import { prep } from './db.js';
import { toPurchase } from './purchases.js';
/**
 * Read-only queries of the admin console (issue 7): dashboard tallies, pending purchases,
 * an agent's sales, a ledger range. Writes go through the store's business functions.
 */
/** Gift cards and eSIMs are named by their kind; a gift card redeemed into an eSIM is an eSIM. */
const PRODUCT_OF = `CASE WHEN kind <> 'transaction' THEN kind WHEN product = 'ESIM' THEN 'esim' ELSE product END`;
/** Purchases of one environment created in [fromIso, toIso), by product and state. */
export function salesByProductAndState(db, env, fromIso, toIso) {
    return prep(db, `SELECT ${PRODUCT_OF} AS product, state, COUNT(*) AS count,
            COALESCE(SUM(amount_kobo), 0) AS amount_kobo, COALESCE(SUM(debit_kobo), 0) AS debit_kobo
     FROM purchases WHERE environment = ? AND created_at >= ? AND created_at < ?
     GROUP BY 1, 2 ORDER BY 1, 2`).all(env, fromIso, toIso);
}
/** One agent's purchases of one environment in [fromIso, toIso), by product and state. */
export function agentSalesByProductAndState(db, userId, env, fromIso, toIso) {
    return prep(db, `SELECT ${PRODUCT_OF} AS product, state, COUNT(*) AS count,
            COALESCE(SUM(amount_kobo), 0) AS amount_kobo, COALESCE(SUM(debit_kobo), 0) AS debit_kobo
     FROM purchases WHERE agent_user_id = ? AND environment = ? AND created_at >= ? AND created_at < ?
     GROUP BY 1, 2 ORDER BY 1, 2`).all(userId, env, fromIso, toIso);
}
/** What an agent sold (pending or successful: failed sales were refunded) since fromIso. */
export function agentSoldKobo(db, userId, env, fromIso) {
    const r = prep(db, `SELECT COALESCE(SUM(amount_kobo), 0) AS kobo FROM purchases
     WHERE agent_user_id = ? AND environment = ? AND created_at >= ? AND state <> 'failed'`).get(userId, env, fromIso);
    return r.kobo;
}
/** The sum of every merchant's wallet of one environment: what the host owes its merchants. */
export function walletTotal(db, env) {
    return prep(db, 'SELECT COALESCE(SUM(balance_kobo), 0) AS balance_kobo, COUNT(*) AS wallets FROM wallets WHERE environment = ?').get(env);
}
/** Pending purchases of an environment, and how many of them are flagged for an admin. */
export function pendingCounts(db, env) {
    return prep(db, `SELECT COUNT(*) AS pending, COALESCE(SUM(needs_attention), 0) AS needs_attention
     FROM purchases WHERE state = 'pending' AND environment = ?`).get(env);
}
/** Pending purchases not (yet) flagged, oldest first: the ones an admin may watch or flag early. */
export function listUnflaggedPending(db, limit) {
    const rows = prep(db, `SELECT * FROM purchases WHERE state = 'pending' AND needs_attention = 0 ORDER BY id LIMIT ?`).all(limit);
    return rows.map(toPurchase);
}
/** A wallet's ledger in [fromIso, toIso), oldest first (CSV export with running balance). */
export function ledgerBetween(db, walletId, fromIso, toIso, limit) {
    return prep(db, `SELECT l.id, l.kind, l.amount_kobo, l.balance_after_kobo, l.purchase_id, p.internal_reference, l.reason, l.actor, l.created_at
     FROM ledger_entries l LEFT JOIN purchases p ON p.id = l.purchase_id
     WHERE l.wallet_id = ? AND l.created_at >= ? AND l.created_at < ? ORDER BY l.id LIMIT ?`).all(walletId, fromIso, toIso, limit);
}
/** Balances of every merchant's two wallets, for the merchant list. */
export function walletBalancesByMerchant(db) {
    const rows = prep(db, 'SELECT merchant_id, environment, balance_kobo FROM wallets').all();
    const out = new Map();
    for (const r of rows) {
        const m = out.get(r.merchant_id) ?? { test: 0, live: 0 };
        m[r.environment] = r.balance_kobo;
        out.set(r.merchant_id, m);
    }
    return out;
}
/** Recent audit entries, newest first, optionally of one subject (e.g. a merchant code). */
export function listAuditEntries(db, opts) {
    const rows = opts.subject
        ? prep(db, 'SELECT * FROM audit_log WHERE subject = ? ORDER BY id DESC LIMIT ?').all(opts.subject, opts.limit)
        : prep(db, 'SELECT * FROM audit_log ORDER BY id DESC LIMIT ?').all(opts.limit);
    return rows.map((r) => ({
        ...r,
        detail: JSON.parse(r.detail),
    }));
}
//# sourceMappingURL=admin-queries.js.map