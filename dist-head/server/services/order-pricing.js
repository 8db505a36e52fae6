import { debitUnderTerms, pickRule } from '../domain/pricing.js';
import { listPricing } from '../store/pricing.js';
/**
 * The merchant's NGN price of a gift card or eSIM: the FX list price under the merchant's
 * pricing terms for the product. The spec defines ngn_price as the NGN *debited*, and wants
 * catalog price, quote and order amount to agree, so all three show this price, and the order
 * debits exactly it (no further terms on top). Null: no terms, the list price stands.
 */
export function merchantPricer(s, caller, product) {
    const rules = listPricing(s.db, caller.merchant.id);
    if (!pickRule(rules, product, ''))
        return null;
    return (listKobo) => debitUnderTerms(rules, product, '', listKobo);
}
export function merchantPriceKobo(s, caller, product, listKobo) {
    return merchantPricer(s, caller, product)?.(listKobo) ?? listKobo;
}
//# sourceMappingURL=order-pricing.js.map