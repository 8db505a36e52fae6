import type { Services } from './context.js';
import type { ReverseSale } from './reconciliation-resolve.js';

/** The reversal reconciliation asks for when the upstream did not deliver a sale we kept. */
export function reverseSaleWith(_s: Pick<Services, 'db'>): ReverseSale {
  return async () => {
    throw new Error('reversals are not available in this build');
  };
}
