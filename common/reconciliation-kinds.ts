/**
 * The kinds of difference the daily reconciliation finds between a purchase here and the
 * upstream's row for it (server/domain/reconciliation.ts classifies them). The node's e-mail and
 * the console's Reconciliation page each have words for every kind (records over this list), so a
 * new kind without words fails their type check instead of showing as its code.
 */
export const EXCEPTION_KINDS = [
  'amount_differs',
  'ours_success_theirs_failed',
  'ours_failed_theirs_success',
  'ours_reversed_theirs_success',
  'ours_only',
  'theirs_only',
  'pending',
  'sent_to_other_account',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export function isExceptionKind(k: string): k is ExceptionKind {
  return (EXCEPTION_KINDS as readonly string[]).includes(k);
}
