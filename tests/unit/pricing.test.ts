import { describe, expect, it } from 'vitest';
import { debitUnderTerms, pickRule } from '../../server/domain/pricing.js';

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
