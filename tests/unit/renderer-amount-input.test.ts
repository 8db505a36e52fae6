import { describe, expect, it } from 'vitest';
import {
  TOO_LARGE,
  TOO_MANY_DECIMALS,
  amountProblem,
  readCashCount,
} from '../../renderer/src/lib/amount-input.js';

const OTHERWISE = 'Enter the amount in Naira, for example 500.';

describe("why a typed amount is refused, in the console's words", () => {
  it('says nothing of an amount as people type it', () => {
    expect(amountProblem('500', OTHERWISE)).toBe('');
    expect(amountProblem('₦1,250.50', OTHERWISE)).toBe('');
    expect(amountProblem('100.5', OTHERWISE)).toBe('');
  });
  it('says a third decimal is one too many, as the node does, instead of the form example', () => {
    expect(amountProblem('100.555', OTHERWISE)).toBe(TOO_MANY_DECIMALS);
    expect(amountProblem('1,000.125', OTHERWISE)).toBe(TOO_MANY_DECIMALS);
    expect(TOO_MANY_DECIMALS).toMatch(/at most two decimals/);
  });
  it('says zero is not an amount to sell, and gives the form sentence for the rest', () => {
    expect(amountProblem('0', OTHERWISE)).toBe('The amount must be more than ₦0.00.');
    expect(amountProblem('0.00', OTHERWISE)).toBe('The amount must be more than ₦0.00.');
    expect(amountProblem('abc', OTHERWISE)).toBe(OTHERWISE);
    expect(amountProblem('-5', OTHERWISE)).toBe(OTHERWISE);
    expect(amountProblem('', OTHERWISE)).toBe(OTHERWISE);
  });
  it("says an amount past the node's bound is too large, before anything is sent", () => {
    expect(amountProblem('99999999999', OTHERWISE)).toBe(TOO_LARGE);
    expect(TOO_LARGE).toBe('That amount is too large: at most ₦10,000,000,000.00.');
    expect(amountProblem('10,000,000,000', OTHERWISE)).toBe('');
  });
});

describe('the cash counted at a cash-up', () => {
  it('is no count when nothing is typed', () => {
    expect(readCashCount('')).toEqual({ kind: 'none' });
    expect(readCashCount('   ')).toEqual({ kind: 'none' });
  });
  it('takes an empty drawer as a count of zero, to be confirmed like any other', () => {
    expect(readCashCount('0')).toEqual({ kind: 'count', kobo: 0 });
    expect(readCashCount('0.00')).toEqual({ kind: 'count', kobo: 0 });
    expect(readCashCount('₦0')).toEqual({ kind: 'count', kobo: 0 });
  });
  it('reads a count as people type it', () => {
    expect(readCashCount('2,000')).toEqual({ kind: 'count', kobo: 200_000 });
    expect(readCashCount('₦ 1500.5')).toEqual({ kind: 'count', kobo: 150_050 });
  });
  it('refuses anything else beside the field, saying what to type', () => {
    const abc = readCashCount('abc');
    expect(abc.kind).toBe('invalid');
    expect(abc.kind === 'invalid' && abc.problem).toMatch(/^Enter the cash counted in Naira/);
    expect(readCashCount('-5').kind).toBe('invalid');
    expect(readCashCount('₦').kind).toBe('invalid');
    expect(readCashCount('10.005')).toEqual({ kind: 'invalid', problem: TOO_MANY_DECIMALS });
  });
});
