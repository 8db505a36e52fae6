import { applyBasisPoints, type Kobo } from './money.js';

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
 * (the spec's "amount must equal the plan price"); the debit applies the discount or markup.
 * Never below one kobo: a purchase always debits something.
 */
export function debitUnderTerms(
  rules: readonly PricingRule[],
  product: string,
  network: string,
  catalogKobo: Kobo,
): Kobo {
  const rule = pickRule(rules, product, network);
  return rule ? Math.max(1, applyBasisPoints(catalogKobo, rule.basis_points)) : catalogKobo;
}
