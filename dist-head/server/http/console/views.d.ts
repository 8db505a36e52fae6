import type { Purchase } from '../../store/purchases.js';
export declare function cardsOf(p: Purchase): Record<string, unknown>[];
/** eSIM purchases (orders, or a gift card redeemed into an eSIM) carry install data and a QR. */
export declare function isEsimPurchase(p: Purchase): boolean;
/**
 * A purchase as the console shows it on a receipt, in history and in detail: amounts as
 * Naira strings, times as ISO UTC (the page shows Lagos time), secrets of gift cards left out.
 */
export declare function saleView(p: Purchase, merchantName: string, agent: string | null): {
    reference: string;
    request_id: string;
    environment: import("../../store/credentials-crypto.js").Environment;
    kind: import("../../store/purchases.js").PurchaseKind;
    product: string;
    network: string;
    customer: string;
    phone: string;
    plan: string;
    plan_name: string;
    amount: string;
    amount_kobo: number;
    debit: string;
    quantity: number;
    status: import("../../domain/purchase-state.js").PurchaseState;
    response_code: import("../../domain/purchase-state.js").ResponseCode;
    failure_reason: string;
    details: Record<string, string>;
    result: Record<string, string>;
    cards_count: number;
    has_qr: boolean;
    merchant_name: string;
    agent: string;
    created_at: string;
    updated_at: string;
};
export type SaleView = ReturnType<typeof saleView>;
