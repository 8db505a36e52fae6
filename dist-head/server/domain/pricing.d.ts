import { type Kobo } from './money.js';
export interface PricingRule {
    product: string;
    network: string;
    basis_points: number;
}
/** The most specific rule for a sale: product + network first, then the product-wide rule. */
export declare function pickRule(rules: readonly PricingRule[], product: string, network: string): PricingRule | null;
/**
 * The wallet debit under a merchant's terms. The merchant always sends the catalog price
 * (the spec's "amount must equal the plan price"); the debit applies the discount or markup.
 * Never below one kobo: a purchase always debits something.
 */
export declare function debitUnderTerms(rules: readonly PricingRule[], product: string, network: string, catalogKobo: Kobo): Kobo;
