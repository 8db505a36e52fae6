import { describe, expect, it } from 'vitest';
import { countText } from '../../renderer/src/lib/sentences.js';

describe('countText', () => {
  it('groups a large count in threes, as History shows a merchant of years: 1,000,000 sales, page 1 of 40,000', () => {
    expect([0, 1, 999, 1_000, 40_000, 1_000_000, 12_345_678].map(countText)).toEqual([
      '0',
      '1',
      '999',
      '1,000',
      '40,000',
      '1,000,000',
      '12,345,678',
    ]);
  });
});
