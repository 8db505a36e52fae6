import { formatNaira } from '../../../common/money-display.js';

/**
 * What went back to the wallet, for the agent's panel. Under a merchant's pricing term the
 * wallet was debited less (or more) than the sale's amount; saying only the debit made a
 * ₦700.00 sale read "refunded ₦682.50", as if ₦17.50 had gone missing.
 */
export function walletRefund(amount: string, debit: string): string {
  return Number(debit) === Number(amount)
    ? formatNaira(debit)
    : `${formatNaira(debit)}, its debit for this ${formatNaira(amount)} sale`;
}
