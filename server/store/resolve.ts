import type { Db } from './db.js';
import { getPurchaseByReference, type Purchase } from './purchases.js';
import { settleFailed, settleSuccess } from './purchase-settle.js';
import { recordAudit } from './audit.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
import { PUBLIC_FAILURE } from '../domain/failure-reason.js';
import { assertStillPending, parseOperatorReason } from '../domain/operator-rules.js';
import { getJob } from './vend-jobs.js';
import { writtenRow } from './rows.js';

/**
 * An operator may flag or settle a pending purchase only once the provider has answered its
 * send: while the send waits for its turn or is on the wire, the provider's answer is still
 * coming, and settling now would throw it away (a sale resolved failed that the provider
 * then delivers, or one resolved success that is never sent at all).
 */
export function assertProviderAnswered(db: Db, p: Purchase): void {
  const state = getJob(db, p.id)?.state;
  if (state === 'queued' || state === 'vend_started')
    throw new Conflict(
      `purchase ${p.internalReference} is being sent to the provider right now and has no answer yet: wait for its first answer (seconds, or a minute for a slow provider), then flag or resolve it if it is still pending`,
    );
}

/**
 * An operator settles a purchase whose outcome the upstream never gave (needs attention: flagged
 * by the worker once its requeries ran out, or by an admin): success keeps the debit; failed
 * refunds it once. Audited with who and why.
 */
export function resolvePurchaseManually(
  db: Db,
  input: { reference: string; outcome: 'success' | 'failed'; reason: string; actor: string },
): Purchase {
  if (input.outcome !== 'success' && input.outcome !== 'failed')
    throw new InvalidInput('outcome must be success or failed', 'outcome');
  const reason = parseOperatorReason(input.reason);
  return db
    .transaction(() => {
      const p = getPurchaseByReference(db, input.reference);
      if (!p) throw new NotFound(`no purchase with internal reference ${input.reference}`);
      assertStillPending(p);
      assertProviderAnswered(db, p);
      // Only a purchase that needs attention: one still inside its requery budget may yet be
      // vended by the provider, and a refund now would pay for it twice.
      if (!p.needsAttention)
        throw new Conflict(
          `purchase ${input.reference} does not need attention yet: the node is still asking the provider (requeries run for 24 h). Flag it first (console: Needs attention, Flag; or the CLI's purchase flag) if you know its outcome`,
        );
      if (input.outcome === 'success') {
        settleSuccess(db, p.id, {
          ...(p.result ?? {}),
          resolved_manually: true,
          resolution_reason: reason,
        });
      } else {
        settleFailed(
          db,
          p.id,
          { reason: `resolved by operator: ${reason}`, publicReason: PUBLIC_FAILURE.operator },
          input.actor,
        );
      }
      recordAudit(db, input.actor, 'purchase.resolve', input.reference, {
        outcome: input.outcome,
        reason,
      });
      return writtenRow(getPurchaseByReference(db, input.reference), 'purchase', input.reference);
    })
    .immediate();
}
