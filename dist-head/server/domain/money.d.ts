/** Kobo inside, Naira strings at the edges (DESIGN "Money and wallets"). */
export type Kobo = number;
/** Parses a strictly formatted positive Naira string ("100", "100.5", "100.50") into kobo. */
export declare function parseNaira(value: unknown, field?: string): Kobo;
/** Formats kobo as a Naira string with two decimals: 123450 -> "1234.50". */
export declare function formatNaira(kobo: Kobo): string;
/** Applies a basis-point adjustment (negative = discount) rounding half up to the kobo. */
export declare function applyBasisPoints(kobo: Kobo, basisPoints: number): Kobo;
