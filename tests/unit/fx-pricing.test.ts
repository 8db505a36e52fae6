import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ngnPriceKobo, type FxConfig } from '../../server/domain/fx-pricing.js';

const seeded = JSON.parse(
  readFileSync(new URL('../../resources/catalog/fx.json', import.meta.url), 'utf8'),
) as FxConfig;

/** The rule written with exact integers: amount x rate x (1 + margin), rounded up to the whole Naira. */
function exactKobo(amount: number, rate: number, marginPercent: number): number {
  const num =
    BigInt(Math.round(amount * 100)) *
    BigInt(Math.round(rate * 100)) *
    BigInt(10_000 + Math.round(marginPercent * 100));
  const den = 100n * 10_000n * 100n; // cents, kobo per Naira of rate, basis points -> Naira
  return Number((num + den - 1n) / den) * 100;
}

describe('NGN pricing of gift cards and eSIMs (one basis: configured rate plus margin)', () => {
  it('converts at the configured rate and adds the margin: USD 20 at 1550 + 3% is 31930 Naira', () => {
    expect(ngnPriceKobo(20, 'USD', { rates_ngn: { USD: 1550 }, margin_percent: 3 })).toBe(3_193_000);
  });

  it('rounds up to the whole Naira so a quote never shows kobo: USD 4.50 at 1550 + 3% is 7185 Naira', () => {
    // 4.5 x 1550 = 6975; + 3% = 7184.25 -> 7185.
    expect(ngnPriceKobo(4.5, 'USD', { rates_ngn: { USD: 1550 }, margin_percent: 3 })).toBe(718_500);
  });

  it('never rounds a whole-Naira price up a further Naira', () => {
    expect(ngnPriceKobo(10, 'GBP', { rates_ngn: { GBP: 2000 }, margin_percent: 0 })).toBe(2_000_000);
    expect(ngnPriceKobo(100, 'AED', { rates_ngn: { AED: 400 }, margin_percent: 5 })).toBe(4_200_000);
  });

  it('is exact at the largest face values too, where the products pass 2^53', () => {
    for (const [amount, rate, margin] of [
      [9_999_999.99, 1960.37, 3.75],
      [7_654_321.01, 1680.25, 2.5],
      [1_000_000.03, 1550.5, 3],
    ])
      expect(ngnPriceKobo(amount, 'X', { rates_ngn: { X: rate }, margin_percent: margin })).toBe(
        exactKobo(amount, rate, margin),
      );
  });

  it('has no price for a currency without a positive rate', () => {
    expect(ngnPriceKobo(10, 'JPY', seeded)).toBeNull();
    expect(ngnPriceKobo(10, 'USD', { rates_ngn: { USD: 0 }, margin_percent: 3 })).toBeNull();
    expect(ngnPriceKobo(10, 'USD', { rates_ngn: { USD: -5 }, margin_percent: 3 })).toBeNull();
  });

  it('the seeded configuration prices all five gift-card currencies', () => {
    for (const c of ['USD', 'EUR', 'GBP', 'CAD', 'AED'])
      expect(ngnPriceKobo(25, c, seeded)).toBeGreaterThan(0);
  });

  it('always yields integer kobo in whole Naira, equal to exact integer arithmetic, over a grid of prices and rates', () => {
    const rates = [1550, 1550.5, 1680.25, 1960.37, 422.45];
    const margins = [0, 2.5, 3, 3.75];
    let checked = 0;
    const wrong: unknown[] = [];
    for (const rate of rates)
      for (const margin of margins)
        for (let cents = 1; cents <= 100_000; cents += 37) {
          const got = ngnPriceKobo(cents / 100, 'X', { rates_ngn: { X: rate }, margin_percent: margin });
          const ok =
            got !== null &&
            Number.isSafeInteger(got) &&
            got % 100 === 0 &&
            got === exactKobo(cents / 100, rate, margin);
          if (!ok) wrong.push({ cents, rate, margin, got });
          checked++;
        }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });
});
