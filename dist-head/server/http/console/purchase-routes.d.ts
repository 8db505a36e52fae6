import type { FastifyInstance } from 'fastify';
import type { Caller, Services } from '../../services/context.js';
import { type Purchase, type PurchaseFilter } from '../../store/purchases.js';
import type { PurchaseState } from '../../domain/purchase-state.js';
export declare const CONSOLE_TIMEZONE = "Africa/Lagos";
/** Views for a page of purchases, naming each selling agent with one query. */
export declare function saleViews(s: Services, merchantName: string, purchases: Purchase[]): {
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
    status: PurchaseState;
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
}[];
/** History filters from the query: search (phone, meter, reference), product, status, Lagos dates. */
export declare function filterOf(caller: Caller, q: Record<string, string | undefined>): PurchaseFilter;
export declare function registerPurchaseRoutes(app: FastifyInstance, s: Services): void;
