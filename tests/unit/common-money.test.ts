import { describe, expect, it } from 'vitest';
import { apiNairaToKobo, koboToApiNaira, readNairaAmount } from '../../common/money.js';
import { parseNaira } from '../../server/domain/money.js';

describe('kobo is written as the API Naira string (common/money.ts)', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10_050, '100.50'],
    [123_456_789, '1234567.89'],
    [-250, '-2.50'],
    // Both signs of a negative amount with kobo: once "-2.-50" in the console's copy.
    [-150, '-1.50'],
    [-5, '-0.05'],
    [-100_000, '-1000.00'],
  ])('%i kobo is "%s"', (kobo, text) => {
    expect(koboToApiNaira(kobo)).toBe(text);
  });
  it('refuses a fractional kobo amount', () => {
    expect(() => koboToApiNaira(1.5)).toThrow();
  });
  it('round-trips every amount the node accepts, and every signed answer', () => {
    for (const text of ['1.00', '99.99', '500000.00']) expect(koboToApiNaira(parseNaira(text))).toBe(text);
    for (const text of ['-1.50', '0.00', '-0.05', '1234.56'])
      expect(koboToApiNaira(apiNairaToKobo(text)!)).toBe(text);
  });
});

describe('a Naira string in an answer is read to kobo (the console reading the node, the node reading an upstream)', () => {
  it('reads signed amounts and zero, with one or two decimals, ignoring surrounding spaces', () => {
    expect(apiNairaToKobo('1234.5')).toBe(123_450);
    expect(apiNairaToKobo('100')).toBe(10_000);
    expect(apiNairaToKobo('-20.00')).toBe(-2_000);
    expect(apiNairaToKobo(' 0.10 ')).toBe(10);
    expect(apiNairaToKobo('0')).toBe(0);
    expect(apiNairaToKobo('-0.00')).toBe(0);
    expect(apiNairaToKobo('0.1')! + apiNairaToKobo('0.2')!).toBe(30);
  });
  it('gives null for what is not one', () => {
    for (const text of ['', 'abc', '1.234', '1e3', '1,000', '+5', '₦5', '99999999999999999'])
      expect(apiNairaToKobo(text), text).toBeNull();
    expect(apiNairaToKobo(null)).toBeNull();
    expect(apiNairaToKobo(undefined)).toBeNull();
  });
});

describe('a sent amount is read strictly (integrators, operators; the console after its own cleaning)', () => {
  it('accepts a positive amount with at most two decimals', () => {
    expect(readNairaAmount('100')).toEqual({ ok: true, kobo: 10_000 });
    expect(readNairaAmount('100.5')).toEqual({ ok: true, kobo: 10_050 });
    expect(readNairaAmount('0.01')).toEqual({ ok: true, kobo: 1 });
  });
  it.each([
    [100, 'not-text'],
    [null, 'not-text'],
    ['-5', 'not-an-amount'],
    [' 5', 'not-an-amount'],
    ['1,000', 'not-an-amount'],
    ['1.005', 'not-an-amount'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['99999999999999999', 'too-large'],
    ['10000000000.01', 'too-large'],
  ])('%j is refused as %s', (value, problem) => {
    expect(readNairaAmount(value)).toEqual({ ok: false, problem });
  });
});
