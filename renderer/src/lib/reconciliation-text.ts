import type { ExceptionKind } from '../../../common/reconciliation-kinds.js';

/**
 * The Reconciliation page's words for each kind of difference, short for its table (the node's
 * e-mail says the same in a sentence, server/reports/reconciliation-run.ts). A record over every
 * kind: a new one without words fails the type check instead of showing as its code.
 */
export const EXCEPTION_KIND_LABEL: Record<ExceptionKind, string> = {
  amount_differs: 'Amount differs',
  ours_success_theirs_failed: 'We: success · upstream: failed',
  ours_failed_theirs_success: 'We: refunded · upstream: success',
  ours_reversed_theirs_success: 'We: reversed · upstream: success',
  ours_only: 'Upstream has no record',
  theirs_only: 'We have no record',
  pending: 'Still pending',
  sent_to_other_account: 'Sent to another account',
};

/** What accepting the upstream's answer does, on the Accept button's tooltip. */
export const ACCEPT_EFFECT_LABEL: Record<'reverse' | 'debit_correction', string> = {
  reverse: 'Accept upstream: reverse the sale (refund the merchant)',
  debit_correction: 'Accept upstream: mark success and debit the wallet again',
};
