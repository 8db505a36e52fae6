import type { Db } from './db.js';
import { externalDataVersion, nowIso, prep } from './db.js';
import { recordAudit } from './audit.js';
import { InvalidInput } from '../domain/errors.js';
import { productNetwork } from '../domain/networks.js';
import type { PricingRule } from '../domain/pricing.js';
import { isPricingBasisPoints, PRICING_BP_MAX } from '../../common/pricing.js';

const PRODUCTS = ['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING', 'giftcard', 'esim'];

interface PricingCache {
  version: number;
  byMerchant: Map<number, readonly PricingRule[]>;
}
const pricingCaches = new WeakMap<Db, PricingCache>();

/**
 * A merchant's pricing terms, read on every sale: kept in memory, dropped when this process
 * sets a term (setPricing) or another process (the CLI) commits (SQLite's data_version).
 */
export function listPricing(db: Db, merchantId: number): readonly PricingRule[] {
  const version = externalDataVersion(db);
  let cache = pricingCaches.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, byMerchant: new Map() };
    pricingCaches.set(db, cache);
  }
  let rules = cache.byMerchant.get(merchantId);
  if (!rules) {
    const rows = prep(
      db,
      'SELECT product, network, basis_points FROM merchant_pricing WHERE merchant_id = ? ORDER BY product, network',
    ).all(merchantId) as PricingRule[];
    rules = Object.freeze(rows.map((r) => Object.freeze(r)));
    // Never cache a read made inside a transaction: it might still roll back.
    if (!db.inTransaction) cache.byMerchant.set(merchantId, rules);
  }
  return rules;
}

/** Sets (or with basisPoints null, removes) one pricing term, audited. */
export function setPricing(
  db: Db,
  input: {
    merchantId: number;
    merchantCode: string;
    product: string;
    network?: string;
    basisPoints: number | null;
    actor: string;
  },
): readonly PricingRule[] {
  if (!PRODUCTS.includes(input.product))
    throw new InvalidInput(`product must be one of ${PRODUCTS.join(', ')}`, 'product');
  if (input.basisPoints !== null && !isPricingBasisPoints(input.basisPoints)) {
    const max = PRICING_BP_MAX;
    throw new InvalidInput(
      `basis_points must be an integer between -${max} (${max / 100}% discount) and ${max} (${max / 100}% markup)`,
      'basis_points',
    );
  }
  const network = productNetwork(input.product, input.network ?? '');
  db.transaction(() => {
    if (input.basisPoints === null) {
      prep(db, 'DELETE FROM merchant_pricing WHERE merchant_id = ? AND product = ? AND network = ?').run(
        input.merchantId,
        input.product,
        network,
      );
    } else {
      prep(
        db,
        `INSERT INTO merchant_pricing (merchant_id, product, network, basis_points, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (merchant_id, product, network) DO UPDATE SET basis_points = excluded.basis_points, updated_at = excluded.updated_at`,
      ).run(input.merchantId, input.product, network, input.basisPoints, nowIso(db));
    }
    recordAudit(db, input.actor, 'pricing.set', input.merchantCode, {
      product: input.product,
      network,
      basis_points: input.basisPoints,
    });
  }).immediate();
  pricingCaches.delete(db);
  return listPricing(db, input.merchantId);
}
