import { describe, expect, it } from 'vitest';
import { refreshedFields } from '../../renderer/src/lib/form-refresh.js';

describe('a form filled again by its stored values', () => {
  const stored = { from: 'reports@shop.ng', holidays: ['2026-12-25'], lookback: '7' };

  it('fills every field the first time', () => {
    expect(refreshedFields({ from: '', holidays: [], lookback: '' }, undefined, stored)).toEqual(stored);
  });

  it('keeps what was typed and takes the new stored value of every field left as it was', () => {
    const typed = { from: 'new@shop.ng', holidays: ['2026-12-25'], lookback: '7' };
    const after = { from: 'reports@shop.ng', holidays: ['2026-12-25', '2026-12-26'], lookback: '14' };
    expect(refreshedFields(typed, stored, after)).toEqual({
      from: 'new@shop.ng',
      holidays: ['2026-12-25', '2026-12-26'],
      lookback: '14',
    });
  });

  it('reads a list by its items, so an unchanged copy is no change', () => {
    const typed = { ...stored, holidays: [...stored.holidays] };
    const after = { ...stored, holidays: ['2027-01-01'] };
    expect(refreshedFields(typed, stored, after).holidays).toEqual(['2027-01-01']);
  });
});
