import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { type Purchase } from './purchases.js';
import type { PurchaseState } from '../domain/purchase-state.js';
import type { LedgerRow } from './wallets.js';
export interface SalesTally {
    product: string;
    state: PurchaseState;
    count: number;
    amount_kobo: number;
    debit_kobo: number;
}
/** Purchases of one environment created in [fromIso, toIso), by product and state. */
export declare function salesByProductAndState(db: Db, env: Environment, fromIso: string, toIso: string): SalesTally[];
/** One agent's purchases of one environment in [fromIso, toIso), by product and state. */
export declare function agentSalesByProductAndState(db: Db, userId: number, env: Environment, fromIso: string, toIso: string): SalesTally[];
/** What an agent sold (pending or successful: failed sales were refunded) since fromIso. */
export declare function agentSoldKobo(db: Db, userId: number, env: Environment, fromIso: string): number;
/** The sum of every merchant's wallet of one environment: what the host owes its merchants. */
export declare function walletTotal(db: Db, env: Environment): {
    balance_kobo: number;
    wallets: number;
};
/** Pending purchases of an environment, and how many of them are flagged for an admin. */
export declare function pendingCounts(db: Db, env: Environment): {
    pending: number;
    needs_attention: number;
};
/** Pending purchases not (yet) flagged, oldest first: the ones an admin may watch or flag early. */
export declare function listUnflaggedPending(db: Db, limit: number): Purchase[];
/** A wallet's ledger in [fromIso, toIso), oldest first (CSV export with running balance). */
export declare function ledgerBetween(db: Db, walletId: number, fromIso: string, toIso: string, limit: number): LedgerRow[];
/** Balances of every merchant's two wallets, for the merchant list. */
export declare function walletBalancesByMerchant(db: Db): Map<number, Record<Environment, number>>;
/** Recent audit entries, newest first, optionally of one subject (e.g. a merchant code). */
export declare function listAuditEntries(db: Db, opts: {
    subject?: string;
    limit: number;
}): {
    detail: unknown;
    id: number;
    actor: string;
    action: string;
    subject: string;
    created_at: string;
}[];
