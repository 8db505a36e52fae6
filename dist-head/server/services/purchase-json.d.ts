import type { Purchase } from '../store/purchases.js';
/** A purchase as operators see it (CLI, console): everything but internals. */
export declare function purchaseJson(p: Purchase): {
    internal_reference: string;
    request_id: string;
    merchant_id: number;
    environment: import("../store/credentials-crypto.js").Environment;
    kind: import("../store/purchases.js").PurchaseKind;
    product: string;
    network: string;
    msisdn: string;
    plan: string;
    plan_name: string;
    amount: string;
    debit: string;
    quantity: number;
    status: import("../domain/purchase-state.js").PurchaseState;
    response_code: import("../domain/purchase-state.js").ResponseCode;
    result: Record<string, unknown> | null;
    failure_reason: string | null;
    upstream: string | null;
    upstream_reference: string | null;
    needs_attention: boolean;
    created_at: string;
    updated_at: string;
};
