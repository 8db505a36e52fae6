import { InvalidInput } from './errors.js';
import { MAX_AMOUNT_KOBO, koboToApiNaira, readNairaAmount, type Kobo } from '../../common/money.js';

/** Kobo inside, Naira strings at the edges (DESIGN "Money and wallets"); the text rules are in common/money.ts. */
export type { Kobo } from '../../common/money.js';

/**
 * A positive Naira amount in a request ("100", "100.5", "100.50") -> kobo, or a 400 naming the
 * field: common/money.ts readNairaAmount, worded for the integrator or operator who sent it.
 */
export function parseNaira(value: unknown, field = 'amount'): Kobo {
  const read = readNairaAmount(value);
  if (read.ok) return read.kobo;
  switch (read.problem) {
    case 'not-text':
      throw new InvalidInput(`${field} must be a Naira amount sent as a string, e.g. "100.00"`, field);
    case 'not-an-amount':
      throw new InvalidInput(
        `${field} must be a positive Naira amount with at most two decimals, e.g. "100.00"`,
        field,
      );
    case 'too-large':
      throw new InvalidInput(`${field} must be at most ${koboToApiNaira(MAX_AMOUNT_KOBO)}`, field);
    case 'zero':
      throw new InvalidInput(`${field} must be greater than zero`, field);
  }
}
