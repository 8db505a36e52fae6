import type { Kobo } from './money.js';

/**
 * A merchant's pricing term as a rule on money, for the node (the debit of every sale, the
 * term's bounds) and the console (the "₦1,000 sale debits" column, the term form's check), so
 * the page never shows a debit the node would not take.
 */

/** The largest discount or markup a term may give, in basis points: 5000 is 50 %. */
export const PRICING_BP_MAX = 5_000;

/** Whether a term is one the node keeps: whole basis points from -PRICING_BP_MAX to PRICING_BP_MAX. */
export function isPricingBasisPoints(basisPoints: number): boolean {
  return Number.isInteger(basisPoints) && Math.abs(basisPoints) <= PRICING_BP_MAX;
}

/** Applies a basis-point adjustment (negative = discount) rounding half up to the kobo. */
export function applyBasisPoints(kobo: Kobo, basisPoints: number): Kobo {
  return kobo + Math.round((kobo * basisPoints) / 10_000);
}

/**
 * What a sale at the catalog price debits under a term: the discount or markup applied, never
 * below one kobo (a purchase always debits something).
 */
export function debitUnderTerm(catalogKobo: Kobo, basisPoints: number): Kobo {
  return Math.max(1, applyBasisPoints(catalogKobo, basisPoints));
}
