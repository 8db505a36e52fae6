/** Ledger wording shared by the agent's wallet page and the admin's wallet page. */
import { formatKobo } from '../../../common/money-display.js';

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

/**
 * An entry's amount with its direction: "+₦1,000.00" in (funding, refund, reversal), "-₦500.00"
 * out. Pages only: the CSV exports keep the node's signed numbers ("1000.00", "-500.00").
 */
export function ledgerAmount(amountKobo: number): string {
  const text = formatKobo(amountKobo);
  return amountKobo > 0 ? `+${text}` : text;
}
