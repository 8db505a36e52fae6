import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isTerminal,
  responseCodeOf,
  responseMessageOf,
  stateAt,
  stateFromStatusFilter,
  transition,
  type PurchaseState,
} from '../../server/domain/purchase-state.js';

const STATES: PurchaseState[] = ['pending', 'success', 'failed', 'reversed'];

describe('purchase states (spec "States and transitions": pending 02 -> success 00 | failed 01)', () => {
  it('allows exactly pending -> success, pending -> failed and success -> reversed', () => {
    const allowed = STATES.flatMap((from) =>
      STATES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['pending->failed', 'pending->success', 'success->reversed']);
  });
  it.each([
    ['success', 'pending'],
    ['failed', 'pending'],
    ['success', 'failed'],
    ['failed', 'success'],
    ['pending', 'pending'],
    ['success', 'success'],
    ['failed', 'reversed'],
    ['pending', 'reversed'],
    ['reversed', 'success'],
    ['reversed', 'reversed'],
  ] as const)('refuses %s -> %s (never back)', (from, to) => {
    expect(() => transition(from, to)).toThrow(/illegal purchase transition/);
  });
  it('returns the new state for a legal move', () => {
    expect(transition('pending', 'success')).toBe('success');
    expect(transition('pending', 'failed')).toBe('failed');
  });
  it('has every state but pending as settled', () => {
    expect(STATES.filter(isTerminal)).toEqual(['success', 'failed', 'reversed']);
  });
});

describe('outcome mapping (spec: 00 success Successful, 01 failed Failed, 02 pending Pending)', () => {
  it.each([
    ['success', '00', 'Successful'],
    ['failed', '01', 'Failed'],
    ['pending', '02', 'Pending'],
    ['reversed', '01', 'Reversed'],
  ] as const)('%s answers response_code %s (a string) and %s', (state, code, message) => {
    expect(responseCodeOf(state)).toBe(code);
    expect(typeof responseCodeOf(state)).toBe('string');
    expect(responseMessageOf(state)).toBe(message);
  });
});

describe('list status filter (DESIGN: integer form of response_code)', () => {
  it.each([
    [0, 'success'],
    [1, 'failed'],
    [2, 'pending'],
  ] as const)('%i selects %s', (n, state) => {
    expect(stateFromStatusFilter(n)).toBe(state);
  });
  it.each([3, -1, 1.5, Number.NaN])('%d selects nothing', (n) => {
    expect(stateFromStatusFilter(n)).toBeNull();
  });
});

describe('a purchase state at an earlier instant (a report day end)', () => {
  const none = { refunded: false, reversed: false, corrected: false };
  it('reads settled changes from the ledger entries made by then', () => {
    expect(stateAt('reversed', { ...none, reversed: true })).toBe('reversed');
    expect(stateAt('reversed', none)).toBe('success');
    expect(stateAt('failed', { ...none, refunded: true })).toBe('failed');
    expect(stateAt('failed', none)).toBe('pending');
    expect(stateAt('success', { ...none, refunded: true })).toBe('failed');
    expect(stateAt('success', { ...none, refunded: true, corrected: true })).toBe('success');
    expect(stateAt('reversed', { ...none, refunded: true, corrected: true })).toBe('success');
    expect(stateAt('pending', none)).toBe('pending');
    expect(stateAt('success', none)).toBe('success');
  });
});
