import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
export interface Wallet {
    id: number;
    merchantId: number;
    environment: Environment;
    balanceKobo: number;
    updatedAt: string;
}
type LedgerKind = 'funding' | 'debit' | 'refund' | 'adjustment';
export declare function getWallet(db: Db, merchantId: number, env: Environment): Wallet;
type LedgerEntry = {
    kind: LedgerKind;
    amountKobo: number;
    purchaseId?: number | null;
    reason: string;
    actor: string;
};
/**
 * The only way a balance changes: one ledger entry and the cached balance, together.
 * Must run inside a transaction owned by a store function.
 */
export declare function postLedgerEntry(db: Db, walletId: number, entry: LedgerEntry): number;
/**
 * postLedgerEntry for the purchase hot path: the merchant's wallet is found, checked and
 * moved by one statement (a refused debit changes nothing). Same rules, same transaction.
 */
export declare function postLedgerEntryFor(db: Db, merchantId: number, env: Environment, entry: LedgerEntry): number;
/** Credits (funding) or corrects (adjustment, either sign) a wallet, audited. */
export declare function fundWallet(db: Db, input: {
    merchantId: number;
    merchantCode: string;
    env: Environment;
    amountKobo: number;
    kind?: 'funding' | 'adjustment';
    reason: string;
    actor: string;
}): number;
export interface LedgerRow {
    id: number;
    kind: LedgerKind;
    amount_kobo: number;
    balance_after_kobo: number;
    purchase_id: number | null;
    internal_reference: string | null;
    reason: string;
    actor: string;
    created_at: string;
}
export declare function listLedger(db: Db, walletId: number, opts?: {
    limit?: number;
    beforeId?: number;
}): LedgerRow[];
export interface LedgerProblem {
    wallet_id: number;
    merchant_code: string;
    environment: string;
    problem: string;
}
/**
 * Proves the wallet invariants: cached balance = sum of entries, never negative, every
 * running balance consistent, one debit per purchase, refunds only of failed purchases.
 */
export declare function verifyLedger(db: Db): {
    ok: boolean;
    wallets: number;
    problems: LedgerProblem[];
};
export {};
