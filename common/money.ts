/**
 * Naira as the API writes it: integer kobo inside, "1234.50" at the edges (DESIGN "Money and
 * wallets"). The one place that turns kobo into that text and back, for the node (its answers,
 * an upstream's answers, what integrators and operators send) and the console (reading the
 * node's answers, sending amounts). Integer arithmetic only: no amount goes through a float.
 * The ₦ form people read is in money-display.ts.
 */

/** An amount of money in kobo (integer; 100 kobo = ₦1). */
export type Kobo = number;

/** Larger than any sane purchase, small enough that kobo stays a safe integer. */
export const MAX_AMOUNT_KOBO = 1_000_000_000_000;

/**
 * The most a wallet holds, ₦10 trillion: a thousand of the largest amounts, and far enough below
 * 2^53 kobo (about ₦90 trillion) that a balance, and a day's movements of it, stay exact integers.
 */
export const MAX_BALANCE_KOBO = 1_000_000_000_000_000;

/** Kobo -> the API's Naira string with two decimals: 123450 -> "1234.50", -150 -> "-1.50". */
export function koboToApiNaira(kobo: Kobo): string {
  if (!Number.isSafeInteger(kobo)) throw new Error(`not an integer kobo amount: ${kobo}`);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const ANSWER_NAIRA = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A Naira string in an API answer (the node's, read by the console; an upstream's, read by the
 * node) -> kobo: signed, zero allowed, surrounding spaces ignored ("1234.5" -> 123450,
 * "-20.00" -> -2000). Null when it is not one: an answer is read, never refused with a message.
 */
export function apiNairaToKobo(text: string | null | undefined): Kobo | null {
  if (typeof text !== 'string') return null;
  const m = ANSWER_NAIRA.exec(text.trim());
  if (!m) return null;
  const kobo = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo)) return null;
  return m[1] && kobo !== 0 ? -kobo : kobo;
}

const AMOUNT_NAIRA = /^\d+(\.\d{1,2})?$/;

/** Why a sent amount was refused: not a string, not "digits[.d[d]]", too large, or zero. */
export type NairaAmountProblem = 'not-text' | 'not-an-amount' | 'too-large' | 'zero';

/**
 * A positive amount someone sends (an integrator's `amount`, an operator's threshold) in the
 * API's strict form: "100", "100.5" or "100.50"; no sign, no spaces, no grouping, more than
 * zero, at most MAX_AMOUNT_KOBO. Kobo, or the reason it is not one (callers word it).
 */
export function readNairaAmount(
  value: unknown,
): { ok: true; kobo: Kobo } | { ok: false; problem: NairaAmountProblem } {
  if (typeof value !== 'string') return { ok: false, problem: 'not-text' };
  if (!AMOUNT_NAIRA.test(value)) return { ok: false, problem: 'not-an-amount' };
  const [whole, frac = ''] = value.split('.');
  const kobo = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo) || kobo > MAX_AMOUNT_KOBO) return { ok: false, problem: 'too-large' };
  if (kobo <= 0) return { ok: false, problem: 'zero' };
  return { ok: true, kobo };
}
