import { Conflict, InvalidInput } from './errors.js';
import type { PurchaseState } from './purchase-state.js';
import { assertOneLineText } from './text-hygiene.js';

import {
  OPERATOR_REASON_MAX,
  OPERATOR_REASON_MIN,
  operatorReasonLength,
} from '../../common/operator-reason.js';

export { OPERATOR_REASON_MAX, OPERATOR_REASON_MIN };

/**
 * Why an operator flagged, resolved or reversed a sale or funded a wallet: a few words on one
 * line, trimmed, kept in `keptIn` (the audit log, and the ledger for money). The console and the
 * CLI meet this rule in the store or service operation that records the reason, never at their edge.
 */
export function parseOperatorReason(text: string, keptIn = 'the audit log'): string {
  const reason = assertOneLineText(text, 'reason').trim();
  // Characters, as the console's schema and the CLI's flags count them: an emoji is one.
  const length = operatorReasonLength(reason);
  if (length < OPERATOR_REASON_MIN)
    throw new InvalidInput(
      `say why in a few words (at least ${OPERATOR_REASON_MIN} characters): the reason is kept in ${keptIn}`,
      'reason',
    );
  if (length > OPERATOR_REASON_MAX)
    throw new InvalidInput(`reason must be at most ${OPERATOR_REASON_MAX} characters`, 'reason');
  return reason;
}

/** An operator flags or settles by hand only a purchase still pending: a settled one says what it became. */
export function assertStillPending(p: { internalReference: string; state: PurchaseState }): void {
  if (p.state !== 'pending') throw new Conflict(`purchase ${p.internalReference} is already ${p.state}`);
}
