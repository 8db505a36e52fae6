/** Ledger wording shared by the agent's wallet page and the admin's wallet page. */

const KIND_LABEL: Record<string, string> = {
  funding: 'Funding',
  debit: 'Sale',
  refund: 'Refund',
  adjustment: 'Adjustment',
  reversal: 'Reversal',
  debit_correction: 'Debit correction',
};

export function ledgerKindLabel(kind: string): string {
  return KIND_LABEL[kind] ?? kind;
}

/** Who made an entry: "user:ada" -> "ada", "key:…" -> "API", "cli:root" -> "CLI (root)". */
export function ledgerActor(actor: string): string {
  if (actor.startsWith('user:')) return actor.slice(5);
  if (actor.startsWith('key:')) return 'API';
  if (actor.startsWith('cli:')) return `CLI (${actor.slice(4)})`;
  return actor;
}
