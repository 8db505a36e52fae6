import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { type LedgerRow } from '../../store/wallets.js';
/** Funding is a positive Naira amount; an adjustment may be negative ("-250.00") to correct an error. */
export declare function parseSignedAmount(kind: 'funding' | 'adjustment', amount: string): number;
export declare const ledgerEntryJson: (r: LedgerRow) => {
    id: number;
    kind: "funding" | "debit" | "refund" | "adjustment";
    amount: string;
    amount_kobo: number;
    balance_after: string;
    reference: string;
    reason: string;
    actor: string;
    created_at: string;
};
/**
 * Wallets (issue 7): fund or adjust any merchant's wallet with a required reason (one ledger
 * entry, audited with who and why), read the ledger with its running balance, export it.
 */
export declare function registerAdminWalletRoutes(app: FastifyInstance, s: Services): void;
