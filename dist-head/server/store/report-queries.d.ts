import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { type Purchase } from './purchases.js';
/** Read-only queries behind the daily reports: one merchant, one environment, one time window. */
/** Purchases (transactions and orders) created in [from, to), oldest first. */
export declare function purchasesCreatedBetween(db: Db, merchantId: number, env: Environment, from: string, to: string): Purchase[];
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
    };
}
/** Opening and closing balance of a wallet around a window, and what moved it in between. */
export declare function ledgerWindow(db: Db, merchantId: number, env: Environment, from: string, to: string): LedgerWindow;
