import { describe, expect, it } from 'vitest';
import { parseNaira } from '../../server/domain/money.js';
import { InvalidInput } from '../../server/domain/errors.js';

describe('Naira amounts are parsed strictly into kobo', () => {
  it.each([
    ['100', 10_000],
    ['100.5', 10_050],
    ['100.50', 10_050],
    ['0.01', 1],
    ['1234567.89', 123_456_789],
  ])('"%s" is %i kobo', (text, kobo) => {
    expect(parseNaira(text)).toBe(kobo);
  });

  it.each([
    ['-5'],
    ['abc'],
    ['1e3'],
    ['10.555'],
    ['0'],
    ['0.00'],
    [''],
    [' 100'],
    ['100 '],
    ['1,000'],
    ['+5'],
    ['.5'],
    ['5.'],
    ['0x10'],
  ])('rejects "%s" with a message naming the field', (text) => {
    expect(() => parseNaira(text, 'amount')).toThrow(InvalidInput);
    expect(() => parseNaira(text, 'amount')).toThrow(/amount/);
  });

  it.each([[100], [100.5], [null], [undefined], [true], [{}], [[]]])('rejects a non-string %j', (value) => {
    expect(() => parseNaira(value, 'amount')).toThrow(/amount must be a Naira amount sent as a string/);
  });

  it('refuses amounts too large to stay exact', () => {
    expect(() => parseNaira('99999999999999999')).toThrow('amount must be at most 10000000000.00');
  });
});
