import type { Services, Caller } from './context.js';

/**
 * The wallet debit for a purchase. The merchant always sends the catalog price (the spec's
 * "amount must equal the plan price"); the debit applies the merchant's own terms, which
 * default to the catalog price.
 */
export function debitFor(_s: Services, _caller: Caller, _product: string, _network: string, amountKobo: number): number {
  return amountKobo;
}
