import { nowIso, prep } from './db.js';
import { recordAudit } from './audit.js';
import { InvalidInput } from '../domain/errors.js';
const PRODUCTS = ['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING', 'giftcard', 'esim'];
export function listPricing(db, merchantId) {
    return prep(db, 'SELECT product, network, basis_points FROM merchant_pricing WHERE merchant_id = ? ORDER BY product, network').all(merchantId);
}
/** Sets (or with basisPoints null, removes) one pricing term, audited. */
export function setPricing(db, input) {
    if (!PRODUCTS.includes(input.product))
        throw new InvalidInput(`product must be one of ${PRODUCTS.join(', ')}`, 'product');
    if (input.basisPoints !== null &&
        (!Number.isInteger(input.basisPoints) || input.basisPoints < -5000 || input.basisPoints > 5000)) {
        throw new InvalidInput('basis_points must be an integer between -5000 (50% discount) and 5000 (50% markup)', 'basis_points');
    }
    const network = (input.network ?? '').trim();
    db.transaction(() => {
        if (input.basisPoints === null) {
            prep(db, 'DELETE FROM merchant_pricing WHERE merchant_id = ? AND product = ? AND network = ?').run(input.merchantId, input.product, network);
        }
        else {
            prep(db, `INSERT INTO merchant_pricing (merchant_id, product, network, basis_points, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (merchant_id, product, network) DO UPDATE SET basis_points = excluded.basis_points, updated_at = excluded.updated_at`).run(input.merchantId, input.product, network, input.basisPoints, nowIso());
        }
        recordAudit(db, input.actor, 'pricing.set', input.merchantCode, {
            product: input.product,
            network,
            basis_points: input.basisPoints,
        });
    }).immediate();
    return listPricing(db, input.merchantId);
}
//# sourceMappingURL=pricing.js.map