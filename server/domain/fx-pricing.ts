import type { Kobo } from './money.js';

/** NGN per unit of each foreign currency, plus a margin: the one pricing basis of gift cards and eSIMs. */
export interface FxConfig {
  rates_ngn: Record<string, number>;
  margin_percent: number;
}

/**
 * NGN price, in kobo, of an amount in a foreign currency: converted at the configured rate,
 * the margin added, rounded up to the whole Naira so quotes read cleanly. Exact integer
 * arithmetic on minor units (BigInt: a large face value times a rate times a margin passes
 * 2^53) keeps catalog, quote and order identical, with no float a hair above a whole Naira.
 */
export function ngnPriceKobo(amount: number, currency: string, fx: FxConfig): Kobo | null {
  const rate = fx.rates_ngn[currency];
  if (rate === undefined || !(rate > 0)) return null;
  const cents = BigInt(Math.round(amount * 100));
  const rateKobo = BigInt(Math.round(rate * 100));
  const marginFactor = BigInt(10_000 + Math.round(fx.margin_percent * 100));
  // cents x kobo-per-unit x margin in basis points, over: cents per unit, basis points, kobo per Naira.
  const perNaira = 100n * 10_000n * 100n;
  const scaled = cents * rateKobo * marginFactor;
  const naira = (scaled + perNaira - 1n) / perNaira;
  return Number(naira) * 100;
}
