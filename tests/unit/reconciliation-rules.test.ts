import { describe, expect, it } from 'vitest';
import { acceptEffectOf, classify, sideStateOf } from '../../server/domain/reconciliation.js';

const row = (state: 'success' | 'failed' | 'pending' | 'reversed', amountKobo = 10_000) => ({
  state,
  amountKobo,
});

describe('reconciliation classes', () => {
  it('sorts every pair of sides into its class', () => {
    expect(classify(row('success'), row('success'))).toBe('matched');
    expect(classify(row('failed'), row('failed'))).toBe('matched');
    expect(classify(row('failed'), null)).toBe('matched');
    expect(classify(null, row('failed'))).toBeNull();
    expect(classify(row('success', 10_000), row('success', 9_000))).toBe('amount_differs');
    expect(classify(row('success'), row('failed'))).toBe('ours_success_theirs_failed');
    expect(classify(row('failed'), row('success'))).toBe('ours_failed_theirs_success');
    expect(classify(row('success'), null)).toBe('ours_only');
    expect(classify(null, row('success'))).toBe('theirs_only');
    expect(classify(null, row('pending'))).toBe('theirs_only');
    expect(classify(row('pending'), row('success'))).toBe('pending');
    expect(classify(row('success'), row('pending'))).toBe('pending');
    // Still in flight here: not "the upstream has no record", which would offer a reversal.
    expect(classify(row('pending'), null)).toBe('pending');
  });

  it('counts a reversed sale as money returned against an upstream failure or no record', () => {
    expect(sideStateOf('reversed')).toBe('reversed');
    expect(classify(row(sideStateOf('reversed')), row('failed'))).toBe('matched');
    expect(classify(row('reversed'), null)).toBe('matched');
    expect(classify(row('reversed'), row('pending'))).toBe('pending');
  });

  it('files a reversed sale the upstream delivered as its own kind, with nothing to accept', () => {
    // Not ours_failed_theirs_success: its debit correction is refused for a reversed sale.
    expect(classify(row('reversed'), row('success'))).toBe('ours_reversed_theirs_success');
    expect(acceptEffectOf('ours_reversed_theirs_success')).toBeNull();
  });

  it('offers accepting the upstream only where our books can follow it', () => {
    expect(acceptEffectOf('ours_success_theirs_failed')).toBe('reverse');
    expect(acceptEffectOf('ours_only')).toBe('reverse');
    expect(acceptEffectOf('ours_failed_theirs_success')).toBe('debit_correction');
    for (const k of ['amount_differs', 'theirs_only', 'pending', 'ours_reversed_theirs_success'] as const)
      expect(acceptEffectOf(k)).toBeNull();
  });
});
