import type { Kobo } from './money.js';
/** NGN per unit of each foreign currency, plus a margin: the one pricing basis of gift cards and eSIMs. */
export interface FxConfig {
    rates_ngn: Record<string, number>;
    margin_percent: number;
}
/**
 * NGN price, in kobo, of an amount in a foreign currency: converted at the configured rate,
 * the margin added, rounded up to the whole Naira so quotes read cleanly. Integer arithmetic
 * on minor units keeps catalog, quote and order identical.
 */
export declare function ngnPriceKobo(amount: number, currency: string, fx: FxConfig): Kobo | null;
