import type { AuditAction } from '../../../common/audit-actions.js';

/**
 * What each audit action means, in the operator's words. The log stores stable codes
 * (`wallet.funding`), which the table shows under the words for support and searching; a code
 * this console does not know yet reads as its words ("some.new_thing" → "Some new thing").
 */
const ACTIONS: Record<AuditAction, string> = {
  'backup.create': 'Made a backup',
  'backup.download': 'Downloaded a backup',
  'backup.restored': 'Restored a backup',
  'cashup.close': 'Closed a shift',
  'catalog.disable': 'Took a plan off sale',
  'catalog.enable': 'Put a plan on sale',
  'console_user.create': 'Added a console user',
  'console_user.update': 'Changed a console user',
  'console_user.unlock': 'Let a user try signing in again',
  'credentials.revoke': 'Revoked API keys',
  'credentials.rotate': 'Issued new API keys',
  'giftcard.reveal': 'Showed a gift card code',
  'merchant.create': 'Added a merchant',
  'merchant.update': 'Changed a merchant',
  'pricing.set': 'Changed pricing',
  'purchase.flag': 'Flagged a sale for attention',
  'purchase.late_answer': 'Provider answered after the sale was settled',
  'purchase.requery': 'Asked the provider about a sale',
  'purchase.resolve': 'Settled a sale by hand',
  'purchase.reverse': 'Reversed a sale',
  'reconciliation.resolve': 'Resolved a reconciliation difference',
  'reconciliation.settings': 'Changed reconciliation settings',
  'report.resend': 'Sent a report again',
  'report.send': 'Sent a report',
  'reports.settings': 'Changed report settings',
  'route.priority': 'Changed route order',
  'settings.set': 'Changed a node setting',
  'upstream.add': 'Added an upstream',
  'upstream.test': 'Tested an upstream connection',
  'upstream.update': 'Changed an upstream',
  'wallet.funding': 'Funded a wallet',
  'wallet.adjustment': 'Adjusted a wallet',
  'wallet.low_balance_threshold': 'Set a low-balance alert',
  'webhook.add': 'Added a webhook endpoint',
  'webhook.enabled': 'Resumed a webhook endpoint',
  'webhook.paused': 'Paused a webhook endpoint',
  'webhook.removed': 'Removed a webhook endpoint',
  'webhook.replay': 'Sent webhook deliveries again',
  'webhook.rotate': 'Rotated a webhook signing secret',
};

/** True when the console has words for the code (a test holds every code the node writes to it). */
export function isKnownAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(ACTIONS, action);
}

export function auditActionText(action: string): string {
  if (isKnownAuditAction(action)) return ACTIONS[action];
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

/**
 * Who did it, in the operator's words: the log stores `user:NAME` (a console user), `cli:USER`
 * (the operator CLI run by that system user) and single words for the node's own work. `via`
 * says through what, shown small under the name.
 */
export function auditActor(actor: string): { name: string; via: string | null } {
  if (actor.startsWith('user:')) return { name: actor.slice(5), via: 'console' };
  if (actor.startsWith('cli:')) return { name: actor.slice(4), via: 'operator CLI' };
  return { name: Object.hasOwn(NODE_ACTORS, actor) ? NODE_ACTORS[actor] : actor, via: null };
}

const NODE_ACTORS: Record<string, string> = {
  system: 'The node',
  setup: 'First-run setup',
  schedule: 'Schedule',
};
