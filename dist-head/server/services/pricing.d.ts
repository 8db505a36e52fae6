import type { Services, Caller } from './context.js';
/**
 * The wallet debit for a purchase. The merchant always sends the catalog price (the spec's
 * "amount must equal the plan price"); the debit applies the merchant's own terms
 * (discount or markup per product and network), which default to the catalog price.
 */
export declare function debitFor(s: Services, caller: Caller, product: string, network: string, amountKobo: number): number;
