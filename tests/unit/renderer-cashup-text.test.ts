import { describe, expect, it } from 'vitest';
import { cashDifferenceText } from '../../renderer/src/lib/cashup-text.js';
import { plural } from '../../renderer/src/lib/sentences.js';

describe('the cash-up in words', () => {
  it('says short or over without a minus sign beside it', () => {
    expect(cashDifferenceText('-46.00')).toBe('₦46.00 short');
    expect(cashDifferenceText('1250.5')).toBe('₦1,250.50 over');
    expect(cashDifferenceText('0.00')).toBe('₦0.00');
    expect(cashDifferenceText('')).toBe('—');
  });
  it('counts sales in the singular and the plural', () => {
    expect(plural(1, 'sale')).toBe('1 sale');
    expect(plural(0, 'sale')).toBe('0 sales');
    expect(plural(2, 'successful sale')).toBe('2 successful sales');
  });
});
