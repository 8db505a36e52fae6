import type { Db } from './db.js';
import { type Purchase } from './purchases.js';
/**
 * An operator settles a purchase whose outcome the upstream never gave (needs attention):
 * success keeps the debit; failed refunds it once. Audited with who and why.
 */
export declare function resolvePurchaseManually(db: Db, input: {
    reference: string;
    outcome: 'success' | 'failed';
    reason: string;
    actor: string;
}): Purchase;
