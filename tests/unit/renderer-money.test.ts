import { describe, expect, it } from 'vitest';
import { formatKobo, formatNaira, parseAmountInput } from '../../common/money-display.js';
import { koboToApiNaira, apiNairaToKobo } from '../../common/money.js';

describe('Naira on screen', () => {
  it('formats kobo as ₦ with thousands separators and two decimals', () => {
    expect(formatKobo(123450)).toBe('₦1,234.50');
    expect(formatKobo(0)).toBe('₦0.00');
    expect(formatKobo(5)).toBe('₦0.05');
    expect(formatKobo(100_000_000)).toBe('₦1,000,000.00');
    expect(formatKobo(-25000)).toBe('-₦250.00');
  });
  it('formats the API Naira strings exactly, without floats', () => {
    expect(formatNaira('1234.5')).toBe('₦1,234.50');
    expect(formatNaira('100')).toBe('₦100.00');
    expect(formatNaira('-20.00')).toBe('-₦20.00');
    expect(formatNaira('0.1')).toBe('₦0.10');
    expect(formatNaira('999999999.99')).toBe('₦999,999,999.99');
  });
  it('shows a dash for what is not an amount', () => {
    expect(formatNaira(undefined)).toBe('—');
    expect(formatNaira('abc')).toBe('—');
    expect(formatNaira('1.234')).toBe('—');
    expect(formatKobo(1.5)).toBe('—');
  });
  it('reads what an agent types: commas, ₦ and spaces allowed; zero, negatives and three decimals refused', () => {
    expect(parseAmountInput('1,500')).toBe(150000);
    expect(parseAmountInput('₦ 2,000.5')).toBe(200050);
    expect(parseAmountInput('N500')).toBe(50000);
    expect(parseAmountInput('0')).toBeNull();
    expect(parseAmountInput('-5')).toBeNull();
    expect(parseAmountInput('1.005')).toBeNull();
    expect(parseAmountInput('ten')).toBeNull();
  });
  it('writes the API amount string with two decimals', () => {
    expect(koboToApiNaira(150000)).toBe('1500.00');
    expect(koboToApiNaira(5)).toBe('0.05');
    expect(apiNairaToKobo('0.1')! + apiNairaToKobo('0.2')!).toBe(30);
  });
});
