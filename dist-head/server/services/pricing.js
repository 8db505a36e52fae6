import { debitUnderTerms } from '../domain/pricing.js';
import { listPricing } from '../store/pricing.js';
/**
 * The wallet debit for a purchase. The merchant always sends the catalog price (the spec's
 * "amount must equal the plan price"); the debit applies the merchant's own terms
 * (discount or markup per product and network), which default to the catalog price.
 */
export function debitFor(s, caller, product, network, amountKobo) {
    return debitUnderTerms(listPricing(s.db, caller.merchant.id), product, network, amountKobo);
}
//# sourceMappingURL=pricing.js.map