import { getPurchaseByReference, settleFailed, settleSuccess } from './purchases.js';
import { recordAudit } from './audit.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
/**
 * An operator settles a purchase whose outcome the upstream never gave (needs attention):
 * success keeps the debit; failed refunds it once. Audited with who and why.
 */
export function resolvePurchaseManually(db, input) {
    if (input.outcome !== 'success' && input.outcome !== 'failed')
        throw new InvalidInput('outcome must be success or failed', 'outcome');
    if (!input.reason.trim())
        throw new InvalidInput('a reason is required', 'reason');
    return db
        .transaction(() => {
        const p = getPurchaseByReference(db, input.reference);
        if (!p)
            throw new NotFound(`no purchase with internal reference ${input.reference}`);
        if (p.state !== 'pending')
            throw new Conflict(`purchase ${input.reference} is already ${p.state}`);
        if (input.outcome === 'success') {
            settleSuccess(db, p.id, {
                ...(p.result ?? {}),
                resolved_manually: true,
                resolution_reason: input.reason,
            });
        }
        else {
            settleFailed(db, p.id, `resolved by operator: ${input.reason}`, input.actor);
        }
        recordAudit(db, input.actor, 'purchase.resolve', input.reference, {
            outcome: input.outcome,
            reason: input.reason,
        });
        return getPurchaseByReference(db, input.reference);
    })
        .immediate();
}
//# sourceMappingURL=resolve.js.map