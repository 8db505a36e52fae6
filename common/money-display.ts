import { apiNairaToKobo, readNairaAmount, type Kobo } from './money.js';

/**
 * Naira as people read it: "₦1,234.50", on the console's pages and in the node's e-mails and
 * messages alike, and what an agent types. Amounts stay integer kobo or exact Naira strings from
 * the API (read by money.ts, which also writes the API's "1234.50"); nothing here goes through a
 * float, so ₦0.10 + ₦0.20 is never ₦0.30000000000000004.
 */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Kobo (integer) -> "1,234.50" without the sign of the currency (tables whose header names it). */
export function groupedNaira(kobo: Kobo): string {
  if (!Number.isSafeInteger(kobo)) return '—';
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Kobo (integer) -> "₦1,234.50"; negative amounts get a leading minus. */
export function formatKobo(kobo: Kobo): string {
  if (!Number.isSafeInteger(kobo)) return '—';
  return kobo < 0 ? `-₦${groupedNaira(-kobo)}` : `₦${groupedNaira(kobo)}`;
}

/** A Naira string from the API ("1234.5", "-20.00", "100") -> "₦1,234.50"; "—" when it is not one. */
export function formatNaira(value: string | number | null | undefined): string {
  const kobo = apiNairaToKobo(typeof value === 'number' ? String(value) : value);
  return kobo === null ? '—' : formatKobo(kobo);
}

/** What an agent typed without what reading it skips: the ₦ or N sign, thousands commas, spaces. */
export function amountInputDigits(text: string): string {
  return text.replace(/[₦,\s]/g, '').replace(/^N(?=\d)/i, '');
}

/**
 * What an agent types ("1,000", "₦ 1000.5", "500") -> kobo, or null when, without the ₦ sign,
 * commas and spaces, it is not the positive amount the node accepts (money.ts readNairaAmount).
 */
export function parseAmountInput(text: string): Kobo | null {
  const read = readNairaAmount(amountInputDigits(text));
  return read.ok ? read.kobo : null;
}
