import type { Services, Caller } from './context.js';
import { type Kobo } from '../domain/money.js';
import { type FxConfig } from '../domain/fx-pricing.js';
import type { EsimPlan } from '../store/catalog.js';
import type { Purchase } from '../store/purchases.js';
/** An eSIM catalog item exactly as the spec names it; ngn_price when an FX rate exists. */
export interface EsimItem {
    plan_id: string;
    title: string;
    country: string;
    region: string;
    data_gb: number;
    duration_days: number;
    currency_code: string;
    ngn_price?: string;
}
export declare function esimItem(plan: EsimPlan, fx: FxConfig): EsimItem;
export interface EsimFilters {
    country?: string;
    region?: string;
    search?: string;
}
/**
 * Catalog filters: country exact ISO-2 (any case), region substring, search across
 * title/country/region/plan id. Prices are the caller's (see order-pricing.ts).
 */
export declare function listEsimPlans(s: Services, caller: Caller, f: EsimFilters): EsimItem[];
/** GET /v1/esim/plans/{plan_id}: the catalog item; an unknown or retired plan is 404. */
export declare function esimPlan(s: Services, caller: Caller, planId: string): EsimItem;
/** The caller's NGN price of a plan: catalog ngn_price, quote ngn_amount, order amount and debit. */
export declare function priceOf(s: Services, caller: Caller, plan: EsimPlan): Kobo;
/** The same pricing basis as the catalog's ngn_price and the order amount. */
export declare function esimQuote(s: Services, caller: Caller, planId: string): {
    plan_id: string;
    title: string;
    ngn_amount: string;
    currency_code: string;
};
/** POST /v1/esim/orders: request_id of at most 40 characters, a catalog plan_id. */
export declare function createEsimOrder(s: Services, caller: Caller, body: Record<string, unknown>): Promise<Purchase>;
export declare function readEsimOrder(s: Services, caller: Caller, requestId: string): Promise<Purchase>;
/**
 * The QR image of a successful order's LPA string. The upstream that delivered the eSIM draws
 * it when it can; otherwise it is drawn here from the stored LPA, which is what the QR
 * encodes anyway. Pending, failed and unknown orders are 404 (spec).
 */
export declare function esimQrcode(s: Services, caller: Caller, requestId: string): Promise<Buffer>;
