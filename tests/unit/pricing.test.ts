import { describe, expect, it } from 'vitest';
import { debitUnderTerms, pickRule } from '../../server/domain/pricing.js';
import {
  applyBasisPoints,
  debitUnderTerm,
  isPricingBasisPoints,
  PRICING_BP_MAX,
} from '../../common/pricing.js';

const rules = [
  { product: 'airtime', network: '', basis_points: -200 },
  { product: 'airtime', network: 'MTN', basis_points: -300 },
  { product: 'ELECTRICITY', network: '', basis_points: 100 },
];

describe('merchant pricing terms', () => {
  it('the debit is the catalog price when the merchant has no terms', () => {
    expect(debitUnderTerms([], 'data', 'MTN', 50_000)).toBe(50_000);
  });
  it('a network-specific rule wins over the product-wide rule', () => {
    expect(pickRule(rules, 'airtime', 'mtn')?.basis_points).toBe(-300);
    expect(debitUnderTerms(rules, 'airtime', 'MTN', 10_000)).toBe(9_700);
    expect(debitUnderTerms(rules, 'airtime', 'GLO', 10_000)).toBe(9_800);
  });
  it('a markup raises the debit, rounded to the kobo', () => {
    expect(debitUnderTerms(rules, 'ELECTRICITY', 'EKEDC', 100_050)).toBe(101_051);
  });
  it('never debits less than one kobo', () => {
    expect(
      debitUnderTerms([{ product: 'airtime', network: '', basis_points: -5000 }], 'airtime', '', 1),
    ).toBe(1);
  });
});

describe('the pricing rule the node and the console share (common/pricing.ts)', () => {
  it('applies a 2% discount and a 1.5% markup, rounded to the kobo', () => {
    expect(applyBasisPoints(10_000, -200)).toBe(9_800);
    expect(applyBasisPoints(10_001, 150)).toBe(10_151);
  });
  it('a ₦1,000 sale debits what the Pricing page shows, never less than one kobo', () => {
    expect(debitUnderTerm(100_000, -250)).toBe(97_500);
    expect(debitUnderTerm(100_000, 5_000)).toBe(150_000);
    expect(debitUnderTerm(1, -5_000)).toBe(1);
    expect(debitUnderTerm(1, -4_999)).toBe(1);
  });
  it('a term is whole basis points within ±50 %', () => {
    expect(PRICING_BP_MAX).toBe(5_000);
    for (const bp of [-5_000, -1, 0, 250, 5_000]) expect(isPricingBasisPoints(bp), String(bp)).toBe(true);
    for (const bp of [-5_001, 5_001, 2.5, Number.NaN])
      expect(isPricingBasisPoints(bp), String(bp)).toBe(false);
  });
});
