import type { Db } from './db.js';
import type { PricingRule } from '../domain/pricing.js';
export declare function listPricing(db: Db, merchantId: number): PricingRule[];
/** Sets (or with basisPoints null, removes) one pricing term, audited. */
export declare function setPricing(db: Db, input: {
    merchantId: number;
    merchantCode: string;
    product: string;
    network?: string;
    basisPoints: number | null;
    actor: string;
}): PricingRule[];
