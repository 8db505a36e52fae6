import { applyBasisPoints } from './money.js';
/** The most specific rule for a sale: product + network first, then the product-wide rule. */
export function pickRule(rules, product, network) {
    const net = network.toLowerCase();
    return (rules.find((r) => r.product === product && r.network !== '' && r.network.toLowerCase() === net) ??
        rules.find((r) => r.product === product && r.network === '') ??
        null);
}
/**
 * The wallet debit under a merchant's terms. The merchant always sends the catalog price
 * (the spec's "amount must equal the plan price"); the debit applies the discount or markup.
 * Never below one kobo: a purchase always debits something.
 */
export function debitUnderTerms(rules, product, network, catalogKobo) {
    const rule = pickRule(rules, product, network);
    return rule ? Math.max(1, applyBasisPoints(catalogKobo, rule.basis_points)) : catalogKobo;
}
//# sourceMappingURL=pricing.js.map