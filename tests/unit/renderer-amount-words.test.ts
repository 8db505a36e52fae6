import { describe, expect, it } from 'vitest';
import { nairaInWords, numberInWords } from '../../renderer/src/lib/amount-words.js';

describe('amounts in words for a funding confirmation', () => {
  it('writes Naira and kobo as a bank slip does', () => {
    expect(nairaInWords(1_000_000)).toBe('ten thousand naira');
    expect(nairaInWords(125_050)).toBe('one thousand two hundred and fifty naira and fifty kobo');
    expect(nairaInWords(100_000_000_00)).toBe('one hundred million naira');
    expect(nairaInWords(-5_00)).toBe('minus five naira');
    expect(numberInWords(1_000_021)).toBe('one million and twenty-one');
    expect(numberInWords(2_345_678)).toBe(
      'two million three hundred and forty-five thousand six hundred and seventy-eight',
    );
  });
});
