/** The spec's gift-card and eSIM rules (sections "Gift cards", "eSIM", "Limits"); pure. */
export declare const GIFTCARD_CURRENCIES: readonly ["USD", "EUR", "GBP", "CAD", "AED"];
export declare const MAX_GIFTCARD_QUANTITY = 5;
export declare const MAX_ESIM_REQUEST_ID_LENGTH = 40;
export declare const SEND_VIA: readonly ["email", "sms", "whatsapp"];
export type SendVia = (typeof SEND_VIA)[number];
export type Fulfillment = 'immediate' | 'standard' | 'out_of_stock' | 'preorder';
/** The spec's stock table: what each `fulfillment` value means and whether it may be bought. */
export declare const STOCK: Record<Fulfillment, {
    purchasable: boolean;
    detail: string;
}>;
/** Refuses a purchase of a plan the stock table rejects (400, "out of stock"). */
export declare function checkPurchasable(fulfillment: Fulfillment, title: string): void;
/**
 * Quantity of cards: default 1, an integer 1..5. Query strings arrive as text, so digits are
 * accepted there (`fromQuery`); JSON bodies must send a number.
 */
export declare function parseQuantity(value: unknown, fromQuery?: boolean): number;
/**
 * Delivery channel: `send_via` optional; when set, `destination` is required and must be an
 * e-mail address (email) or a phone number (sms, whatsapp). A destination without a channel
 * is refused rather than silently ignored, so nobody believes a card was sent.
 */
export declare function parseDelivery(sendVia: unknown, destination: unknown): {
    send_via: SendVia;
    destination: string;
} | null;
/** What the price rule needs to know about a gift-card plan. */
export interface PricedCard {
    fixed_price: number | boolean;
    face_value: number | null;
    min_price: number | null;
    max_price: number | null;
    currency_code: string;
}
/**
 * The face value a card is bought at, in the card's currency. Fixed plans use their own and
 * ignore any sent value (DESIGN "API decisions"); variable plans need one within
 * min_price..max_price, with at most two decimals.
 */
export declare function faceValueOf(plan: PricedCard, sent: unknown): number;
/** `face_value` as a query parameter (GET quote): a plain decimal, or absent. */
export declare function faceValueFromQuery(value: unknown): number | undefined;
/** A catalog plan id in a path: gift cards use integers. */
export declare function parseGiftcardPlanId(value: unknown): number;
/** ISO-2 country filter of the eSIM catalog. */
export declare function parseCountryFilter(value: unknown): string | undefined;
