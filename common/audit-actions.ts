/**
 * Every action the node writes to the audit log, as stable codes (`wallet.funding`). The store
 * takes only these (`recordAudit`), and the console has words for each (a missing one fails its
 * type check): a new action is added here first.
 */
export const AUDIT_ACTIONS = [
  'backup.create',
  'backup.download',
  'backup.restored',
  'cashup.close',
  'catalog.disable',
  'catalog.enable',
  'console_user.create',
  'console_user.update',
  'console_user.unlock',
  'credentials.revoke',
  'credentials.rotate',
  'giftcard.reveal',
  'merchant.create',
  'merchant.update',
  'pricing.set',
  'purchase.flag',
  'purchase.late_answer',
  'purchase.requery',
  'purchase.resolve',
  'purchase.reverse',
  'reconciliation.resolve',
  'reconciliation.settings',
  'report.resend',
  'report.send',
  'reports.settings',
  'route.priority',
  'settings.set',
  'upstream.add',
  'upstream.test',
  'upstream.update',
  'wallet.funding',
  'wallet.adjustment',
  'wallet.low_balance_threshold',
  'webhook.add',
  'webhook.enabled',
  'webhook.paused',
  'webhook.removed',
  'webhook.replay',
  'webhook.rotate',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
