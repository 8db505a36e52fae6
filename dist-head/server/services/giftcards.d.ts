import type { Services, Caller } from './context.js';
import { type FxConfig } from '../domain/fx-pricing.js';
import type { GiftCardPlan } from '../store/catalog.js';
import type { Purchase } from '../store/purchases.js';
/** A gift-card catalog item exactly as the spec's table names it. */
export interface GiftcardItem {
    plan_id: number;
    title: string;
    brand: string;
    region: string;
    ui_category: string;
    face_value?: number;
    min_price?: number;
    max_price?: number;
    currency_code: string;
    ngn_price?: string;
    fixed_price: boolean;
    featured: boolean;
}
/**
 * A catalog item at list price. Variable-price plans show their lowest price (at min_price):
 * it is what a card costs from, and the quote/order at that face value agree with it.
 */
export declare function giftcardItem(plan: GiftCardPlan, fx: FxConfig): GiftcardItem;
export interface GiftcardFilters {
    search?: string;
    brand?: string;
    currency?: string;
    category?: string;
    featured?: string;
    region?: string;
}
/** The catalog with the spec's filters (and `region`, an addition): active plans only, at the caller's prices. */
export declare function listGiftcards(s: Services, caller: Caller, f: GiftcardFilters): GiftcardItem[];
/** An active plan, or the spec's 400 "invalid plan_id". */
export declare function activeGiftcard(s: Services, planIdValue: unknown): GiftCardPlan;
/**
 * Quote data (DESIGN "API decisions"): plan_id, ngn_amount per card, currency_code,
 * face_value. A variable plan quoted without face_value is quoted at its minimum.
 */
export declare function quoteGiftcard(s: Services, caller: Caller, planIdValue: unknown, faceValue: unknown): {
    plan_id: number;
    ngn_amount: string;
    currency_code: string;
    face_value: number;
};
/**
 * Availability from the catalog's stock value. On test credentials the answer is the same:
 * "availability always succeeds" (the call does), and the seeded out_of_stock/preorder plans
 * say so, which lets integrators test the rejection path.
 */
export declare function giftcardAvailability(s: Services, planIdValue: unknown, quantityValue: unknown): {
    available: boolean;
    detail: string;
    fulfillment: "standard" | "immediate" | "out_of_stock" | "preorder";
};
/** POST /v1/giftcards/orders: validate, price, then the shared order lifecycle. */
export declare function createGiftcardOrder(s: Services, caller: Caller, body: Record<string, unknown>): Promise<Purchase>;
export declare function readGiftcardOrder(s: Services, caller: Caller, requestId: string): Promise<Purchase>;
