import type { Services, Caller } from './context.js';
import type { Kobo } from '../domain/money.js';
/**
 * The merchant's NGN price of a gift card or eSIM: the FX list price under the merchant's
 * pricing terms for the product. The spec defines ngn_price as the NGN *debited*, and wants
 * catalog price, quote and order amount to agree, so all three show this price, and the order
 * debits exactly it (no further terms on top). Null: no terms, the list price stands.
 */
export declare function merchantPricer(s: Services, caller: Caller, product: 'giftcard' | 'esim'): ((listKobo: Kobo) => Kobo) | null;
export declare function merchantPriceKobo(s: Services, caller: Caller, product: 'giftcard' | 'esim', listKobo: Kobo): Kobo;
