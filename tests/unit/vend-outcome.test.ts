import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_GRACE_MS,
  REQUERY_BACKOFF_MS,
  nextRequeryDelayMs,
  notFoundIsFinal,
} from '../../server/domain/vend-outcome.js';

describe('requery backoff (10 s, 30 s, 1 min, 5 min, 15 min, then hourly)', () => {
  it.each([
    [0, 10_000],
    [1, 30_000],
    [2, 60_000],
    [3, 300_000],
    [4, 900_000],
    [5, 3_600_000],
    [6, 3_600_000],
    [500, 3_600_000],
  ])('after %i polls the next one is %i ms away', (polls, ms) => {
    expect(nextRequeryDelayMs(polls)).toBe(ms);
  });
  it('never shortens as polls accumulate', () => {
    for (let i = 1; i < REQUERY_BACKOFF_MS.length + 3; i++)
      expect(nextRequeryDelayMs(i)).toBeGreaterThanOrEqual(nextRequeryDelayMs(i - 1));
  });
});

describe('a requery "not found" fails the purchase only after the grace period since the send', () => {
  it('defaults to two minutes', () => {
    expect(NOT_FOUND_GRACE_MS).toBe(120_000);
  });
  it('is not final while a request may still be in flight', () => {
    expect(notFoundIsFinal(0)).toBe(false);
    expect(notFoundIsFinal(119_999)).toBe(false);
  });
  it('is final once the grace period has passed', () => {
    expect(notFoundIsFinal(120_000)).toBe(true);
    expect(notFoundIsFinal(3_600_000)).toBe(true);
  });
  it('honours a configured grace', () => {
    expect(notFoundIsFinal(5_000, 5_000)).toBe(true);
    expect(notFoundIsFinal(4_999, 5_000)).toBe(false);
  });
});
