import type { Services } from './context.js';
import type { ReverseSale } from './reconciliation-resolve.js';
import { reverseSale } from './reversals.js';

/** The reversal reconciliation asks for when the upstream did not deliver a sale we kept. */
export function reverseSaleWith(s: Pick<Services, 'db' | 'purchases'>): ReverseSale {
  return (input) => reverseSale(s, input);
}
