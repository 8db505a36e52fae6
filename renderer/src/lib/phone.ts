import {
  TELCOS,
  detectNetwork as detectByPrefix,
  isMobileNumber,
  toLocalMsisdn,
  type Telco,
} from '../../../common/network-prefixes.js';

export { TELCOS, type Telco };
export const TELCO_LABEL: Record<Telco, string> = {
  MTN: 'MTN',
  GLO: 'Glo',
  AIRTEL: 'Airtel',
  '9MOBILE': '9mobile',
};

/** Keeps what an agent typed as digits only ("0803 123 4567", "+234 803…" -> digits). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The API's accepted forms: 0XXXXXXXXXX (11 digits) or 234XXXXXXXXXX (13 digits), mobile ranges only. */
export function isValidPhone(digits: string): boolean {
  return isMobileNumber(digits);
}

/**
 * What the first digits already rule out, said as the customer's problem: a number that no
 * network can top up, whatever network is chosen. '' while the digits could still be a mobile
 * number. Its cases are the ones `isMobileNumber` (the node's rule) refuses by prefix.
 */
export function prefixProblem(input: string): string {
  const digits = phoneDigits(input);
  if (digits.startsWith('2340')) return 'Leave out the 0 after 234, like 234 803 123 4567.';
  const local = toLocalMsisdn(digits);
  if (/^0[789]00/.test(local))
    return '0700, 0800 and 0900 numbers are not mobile lines and cannot be topped up.';
  if (/^0(?:[0-6]|[789][2-9])/.test(local))
    return 'That is not a mobile number: mobile numbers start 070, 071, 080, 081, 090 or 091.';
  return '';
}

/**
 * Why the node would refuse this number ('' when it takes it: exactly `isMobileNumber`): the
 * prefix's problem when the prefix is the problem, else `fallback`, which asks for the length.
 */
export function phoneProblem(
  input: string,
  fallback = 'Enter an 11-digit number like 0803 123 4567.',
): string {
  const digits = phoneDigits(input);
  if (isValidPhone(digits)) return '';
  return prefixProblem(digits) || fallback;
}

/** "08031234567" -> "0803 123 4567": easier to read back to a customer. */
export function formatPhone(value: string): string {
  const d = toLocalMsisdn(phoneDigits(value));
  return /^0\d{10}$/.test(d) ? `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}` : value;
}

/** The network the number was allocated to, from its prefix (a hint: numbers are ported). */
export function detectNetwork(input: string): Telco | null {
  const digits = phoneDigits(input);
  if (toLocalMsisdn(digits).length < 4) return null;
  return detectByPrefix(digits);
}

/** The warning shown when the agent picks another network than the prefix says. */
export function networkMismatch(detected: Telco | null, chosen: Telco | null): string | null {
  if (!detected || !chosen || detected === chosen) return null;
  return `This number's prefix belongs to ${TELCO_LABEL[detected]}, but ${TELCO_LABEL[chosen]} is selected. That is fine for a ported number; otherwise the top-up may fail. Check with the customer.`;
}
