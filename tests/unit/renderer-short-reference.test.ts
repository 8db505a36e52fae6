import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { ledgerText, shortReference } from '../../renderer/src/lib/products.js';

describe('shortReference', () => {
  it('is the random tail, so sales of the same minute (time-ordered references) read apart', () => {
    const refs = Array.from({ length: 50 }, () => uuidv7());
    // The first block is the time: alike for every sale of this minute.
    expect(new Set(refs.map((r) => r.slice(0, 8))).size).toBeLessThanOrEqual(2);
    expect(new Set(refs.map(shortReference)).size).toBe(50);
    expect(shortReference('01a20f74-5f56-7641-8c02-2902f4d1aa53')).toBe('F4D1AA53');
  });

  it('names a reference in a ledger line by the same short form', () => {
    expect(ledgerText('airtime 01a20f74-5f56-7641-8c02-2902f4d1aa53')).toBe('Airtime · F4D1AA53');
  });
});

describe('ledgerText', () => {
  it('does not repeat the entry kind the Entry column shows ("Refund · refund …")', () => {
    const ref = '01a20f74-5f56-7641-8c02-2902f4d1aa53';
    expect(ledgerText(`refund ${ref}: upstream failed it`)).toBe('Sale F4D1AA53: upstream failed it');
    expect(ledgerText(`reversal ${ref}: customer complaint`)).toBe('Sale F4D1AA53: customer complaint');
    expect(ledgerText(`correction ${ref}: delivered after all`)).toBe('Sale F4D1AA53: delivered after all');
    // A free-text funding reason that happens to start with the word stays as written.
    expect(ledgerText('refunded cash top-up')).toBe('refunded cash top-up');
  });
});
