import type { LedgerEntry } from '../api/types.js';

/**
 * Who made a ledger entry, for people: the node sends "user:NAME" (console), "key:KEY_ID" (the
 * API), "cli:USER" (the operator CLI) or "system". Both ledger tables show it the same way.
 */
export function ledgerActorLabel(actor: LedgerEntry['actor']): string {
  if (actor.startsWith('user:')) return actor.slice(5);
  if (actor.startsWith('key:')) return 'API';
  if (actor.startsWith('cli:')) return `CLI (${actor.slice(4)})`;
  return actor;
}
