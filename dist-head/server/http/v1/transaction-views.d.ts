import type { Purchase } from '../../store/purchases.js';
export type TransactionView = 'async-create' | 'sync-create' | 'status' | 'list';
/** "2026-01-02T03:04:05Z": the sync create's RFC 3339 form. */
export declare const rfc3339: (iso: string) => string;
/** "2026-01-02 03:04:05": status and list rows, UTC. */
export declare const sqlTime: (iso: string) => string;
/** The transaction `data` object exactly as the spec's table says, per view. */
export declare function transactionData(p: Purchase, view: TransactionView, merchantName: string): Record<string, unknown>;
export declare function transactionEnvelope(p: Purchase, view: TransactionView, merchantName: string): {
    status: import("../../domain/purchase-state.js").PurchaseState;
    response_code: import("../../domain/purchase-state.js").ResponseCode;
    response_message: string;
    data: Record<string, unknown>;
};
