/**
 * Naira as people read it: "₦1,234.50", on the console's pages and in the node's e-mails and
 * messages alike. Amounts stay integer kobo or exact Naira strings from the API; nothing here
 * goes through a float, so ₦0.10 + ₦0.20 is never ₦0.30000000000000004.
 */

const NAIRA_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Kobo (integer) -> "1,234.50" without the sign of the currency (tables whose header names it). */
export function groupedNaira(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) return '—';
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Kobo (integer) -> "₦1,234.50"; negative amounts get a leading minus. */
export function formatKobo(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) return '—';
  return kobo < 0 ? `-₦${groupedNaira(-kobo)}` : `₦${groupedNaira(kobo)}`;
}

/** A Naira string from the API ("1234.5", "-20.00", "100") -> "₦1,234.50". */
export function formatNaira(value: string | number | null | undefined): string {
  const kobo = nairaToKobo(value);
  return kobo === null ? '—' : formatKobo(kobo);
}

/** "1234.5" -> 123450 kobo; null when it is not a plain Naira amount. */
export function nairaToKobo(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const m = NAIRA_TEXT.exec(String(value).trim());
  if (!m) return null;
  const kobo = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? (m[1] ? -kobo : kobo) : null;
}

/** What an agent typed without what reading it skips: the ₦ or N sign, thousands commas, spaces. */
export function amountInputDigits(text: string): string {
  return text.replace(/[₦,\s]/g, '').replace(/^N(?=\d)/i, '');
}

/**
 * What an agent types ("1,000", "₦ 1000.5", "500") -> kobo, or null when it is not a
 * positive amount with at most two decimals.
 */
export function parseAmountInput(text: string): number | null {
  const cleaned = amountInputDigits(text);
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const kobo = nairaToKobo(cleaned);
  return kobo !== null && kobo > 0 ? kobo : null;
}

/** Kobo -> the API's Naira string with two decimals: 123450 -> "1234.50". */
export function koboToNairaString(kobo: number): string {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}
