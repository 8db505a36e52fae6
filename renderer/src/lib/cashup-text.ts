import { formatKobo } from '../../../common/money-display.js';
import { apiNairaToKobo } from '../../../common/money.js';

/**
 * The cash-up's difference (counted minus expected, a signed Naira string) in words: "₦46.00
 * short", "₦10.00 over", "₦0.00". The word says which way, so no minus sign besides it.
 */
export function cashDifferenceText(difference: string): string {
  const kobo = apiNairaToKobo(difference);
  if (kobo === null) return '—';
  if (kobo === 0) return formatKobo(0);
  return `${formatKobo(Math.abs(kobo))} ${kobo < 0 ? 'short' : 'over'}`;
}
