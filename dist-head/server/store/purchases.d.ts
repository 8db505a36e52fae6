import { type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import type { PurchaseState } from '../domain/purchase-state.js';
export type PurchaseKind = 'transaction' | 'giftcard' | 'esim';
export interface Purchase {
    id: number;
    internalReference: string;
    merchantId: number;
    environment: Environment;
    idemKey: string;
    kind: PurchaseKind;
    surface: string;
    product: string;
    network: string;
    msisdn: string;
    phone: string | null;
    planRef: string;
    planId: string | null;
    planName: string;
    amountText: string;
    amountKobo: number;
    debitKobo: number;
    quantity: number;
    details: Record<string, unknown>;
    state: PurchaseState;
    result: Record<string, unknown> | null;
    failureReason: string | null;
    upstreamName: string | null;
    upstreamReference: string | null;
    needsAttention: boolean;
    agentUserId: number | null;
    createdAt: string;
    updatedAt: string;
}
export interface NewPurchase {
    merchantId: number;
    environment: Environment;
    idemKey: string;
    kind: PurchaseKind;
    surface: string;
    product: string;
    network: string;
    msisdn: string;
    phone?: string | null;
    planRef?: string;
    planId?: string | null;
    planName?: string;
    amountText: string;
    amountKobo: number;
    debitKobo: number;
    quantity?: number;
    details?: Record<string, unknown>;
    agentUserId?: number | null;
    actor: string;
}
interface PurchaseRow {
    id: number;
    internal_reference: string;
    merchant_id: number;
    environment: Environment;
    idem_key: string;
    kind: PurchaseKind;
    surface: string;
    product: string;
    network: string;
    msisdn: string;
    phone: string | null;
    plan_ref: string;
    plan_id: string | null;
    plan_name: string;
    amount_text: string;
    amount_kobo: number;
    debit_kobo: number;
    quantity: number;
    details: string;
    state: PurchaseState;
    result: string | null;
    failure_reason: string | null;
    upstream_name: string | null;
    upstream_reference: string | null;
    needs_attention: number;
    agent_user_id: number | null;
    created_at: string;
    updated_at: string;
}
export declare function toPurchase(r: PurchaseRow): Purchase;
/**
 * Stores a purchase, debits its wallet and enqueues its vend job: all or nothing.
 * Runs inside the caller's transaction (the commit batcher's savepoint). A used key is a
 * DuplicateRequest; a short wallet throws InsufficientBalance and leaves no trace, so the
 * key stays free for a retry after funding.
 */
export declare function createPurchase(db: Db, input: NewPurchase): Purchase;
export declare function getPurchaseById(db: Db, id: number): Purchase | null;
export declare function getPurchaseByKey(db: Db, merchantId: number, env: Environment, key: string): Purchase | null;
export declare function getPurchaseByReference(db: Db, ref: string): Purchase | null;
/** pending -> success, storing what was delivered. False when it was already final. */
export declare function settleSuccess(db: Db, purchaseId: number, result: Record<string, unknown>, upstream?: {
    name?: string | null;
    reference?: string | null;
}): boolean;
/** pending -> failed and the debit refunded by one ledger entry, in the caller's transaction. */
export declare function settleFailed(db: Db, purchaseId: number, reason: string, actor: string): boolean;
export declare function touchPurchase(db: Db, purchaseId: number, fields: {
    upstreamName?: string;
    upstreamReference?: string;
}): void;
export declare function flagNeedsAttention(db: Db, purchaseId: number): void;
export interface PurchaseFilter {
    merchantId: number;
    environment: Environment;
    kind?: PurchaseKind;
    msisdn?: string;
    network?: string;
    state?: PurchaseState;
    product?: string;
    search?: string;
    from?: string;
    to?: string;
}
/**
 * Newest first, page-numbered as the spec's list envelope expects. Filters on columns that
 * never change use the anchor index (constant cost at any page depth); filters on state or
 * free text fall back to OFFSET.
 */
export declare function listPurchases(db: Db, f: PurchaseFilter, page: number, limit: number): {
    rows: Purchase[];
    total: number;
};
export declare function listNeedsAttention(db: Db): Purchase[];
export {};
