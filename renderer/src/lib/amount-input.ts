import { amountInputDigits, formatKobo, parseAmountInput } from '../../../common/money-display.js';
import { MAX_AMOUNT_KOBO, readNairaAmount } from '../../../common/money.js';

/**
 * Naira amounts as an admin or an agent types them, and why one is refused, in the console's
 * words. Parsing is `parseAmountInput` (common/money-display.ts); this adds what a form says
 * when it refuses, and the one amount where zero is a real answer: a count of the cash.
 */

/** Said for an amount past the node's bound (the node refuses it too, as "too large"). */
export const TOO_LARGE = `That amount is too large: at most ${formatKobo(MAX_AMOUNT_KOBO)}.`;

/** Said for "100.555", whatever the form: the node refuses a third decimal too. */
export const TOO_MANY_DECIMALS = 'An amount in Naira has at most two decimals (the kobo), e.g. 1250.50.';

/**
 * Why what was typed is not an amount above zero: too many decimals, zero, or `otherwise` (the
 * form's own sentence, with its example) for anything else. '' when it is an amount.
 */
export function amountProblem(text: string, otherwise: string): string {
  if (parseAmountInput(text) !== null) return '';
  const c = amountInputDigits(text);
  if (/^\d*\.\d{3,}$/.test(c)) return TOO_MANY_DECIMALS;
  if (/^0+(\.0{1,2})?$/.test(c)) return 'The amount must be more than ₦0.00.';
  if (readNairaAmount(c).ok === false && /^\d+(\.\d{1,2})?$/.test(c)) return TOO_LARGE;
  return otherwise;
}

/** A count of the cash typed at a cash-up: nothing typed, an amount (zero included), or why not. */
export type CashCount =
  { kind: 'none' } | { kind: 'count'; kobo: number } | { kind: 'invalid'; problem: string };

/**
 * "" is no count (the shift closes without one); "0" or "0.00" is an empty drawer, a count like
 * any other; "2,000" is ₦2,000.00; anything else is refused beside the field, before any request.
 */
export function readCashCount(text: string): CashCount {
  if (text.trim() === '') return { kind: 'none' };
  const c = amountInputDigits(text);
  if (/^0+(\.0{1,2})?$/.test(c)) return { kind: 'count', kobo: 0 };
  const kobo = parseAmountInput(text);
  if (kobo !== null) return { kind: 'count', kobo };
  return {
    kind: 'invalid',
    problem: /^\d*\.\d{3,}$/.test(c)
      ? TOO_MANY_DECIMALS
      : 'Enter the cash counted in Naira, e.g. 25,000 (0 for an empty drawer), or leave it empty to close without a count.',
  };
}
