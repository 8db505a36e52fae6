import { describe, expect, it } from 'vitest';
import { pageRule } from '../../renderer/src/lib/print.js';

describe('receipt page rule', () => {
  const mmOf = (rule: string) => Number(/size: \d+mm (\d+)mm/.exec(rule)?.[1]);
  it('makes a roll page as long as the receipt, margins and 1 mm spare included', () => {
    // 500 px is 132.3 mm: + 2 × 3 mm margins + 1 mm spare, rounded up.
    expect(pageRule('80', 500)).toBe('@page { size: 80mm 140mm; margin: 3mm; }');
    expect(pageRule('58', 500)).toBe('@page { size: 58mm 138mm; margin: 2mm; }');
  });
  it('has no fixed roll length: a long receipt gets a long page, a short one a short page', () => {
    expect(mmOf(pageRule('80', 3000))).toBeGreaterThan(790);
    expect(mmOf(pageRule('58', 200))).toBeLessThan(60);
    // A fraction of a millimetre rounds up, never down onto a second page: 757 px is 200.3 mm.
    expect(mmOf(pageRule('80', 757))).toBe(208);
  });
  it('keeps A4 an A4 sheet whatever the receipt', () => {
    expect(pageRule('a4', 5000)).toBe('@page { size: A4; margin: 15mm; }');
  });
});
