import { InvalidInput } from './errors.js';
const NAIRA = /^\d+(\.\d{1,2})?$/;
/** Larger than any sane purchase, small enough that kobo stays a safe integer. */
const MAX_KOBO = 1_000_000_000_000;
/** Parses a strictly formatted positive Naira string ("100", "100.5", "100.50") into kobo. */
export function parseNaira(value, field = 'amount') {
    if (typeof value !== 'string') {
        throw new InvalidInput(`${field} must be a Naira amount sent as a string, e.g. "100.00"`, field);
    }
    if (!NAIRA.test(value)) {
        throw new InvalidInput(`${field} must be a positive Naira amount with at most two decimals, e.g. "100.00"`, field);
    }
    const [whole, frac = ''] = value.split('.');
    const kobo = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    if (!Number.isSafeInteger(kobo) || kobo > MAX_KOBO)
        throw new InvalidInput(`${field} is too large`, field);
    if (kobo <= 0)
        throw new InvalidInput(`${field} must be greater than zero`, field);
    return kobo;
}
/** Formats kobo as a Naira string with two decimals: 123450 -> "1234.50". */
export function formatNaira(kobo) {
    if (!Number.isSafeInteger(kobo))
        throw new Error(`not an integer kobo amount: ${kobo}`);
    const sign = kobo < 0 ? '-' : '';
    const abs = Math.abs(kobo);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** Applies a basis-point adjustment (negative = discount) rounding half up to the kobo. */
export function applyBasisPoints(kobo, basisPoints) {
    return kobo + Math.round((kobo * basisPoints) / 10_000);
}
//# sourceMappingURL=money.js.map