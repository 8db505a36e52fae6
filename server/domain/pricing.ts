import { debitUnderTerm } from '../../common/pricing.js';
import type { Kobo } from '../../common/money.js';

export interface PricingRule {
  product: string;
  network: string;
  basis_points: number;
}

/** The most specific rule for a sale: product + network first, then the product-wide rule. */
export function pickRule(
  rules: readonly PricingRule[],
  product: string,
  network: string,
): PricingRule | null {
  const net = network.toLowerCase();
  return (
    rules.find((r) => r.product === product && r.network !== '' && r.network.toLowerCase() === net) ??
    rules.find((r) => r.product === product && r.network === '') ??
    null
  );
}

/**
 * The wallet debit under a merchant's terms. The merchant always sends the catalog price
 * (the spec's "amount must equal the plan price"); the debit applies the discount or markup of
 * the rule that applies (common/pricing.ts debitUnderTerm: never below one kobo).
 */
export function debitUnderTerms(
  rules: readonly PricingRule[],
  product: string,
  network: string,
  catalogKobo: Kobo,
): Kobo {
  const rule = pickRule(rules, product, network);
  return rule ? debitUnderTerm(catalogKobo, rule.basis_points) : catalogKobo;
}
