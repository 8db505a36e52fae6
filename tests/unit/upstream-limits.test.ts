import { describe, expect, it } from 'vitest';
import {
  isNotFoundGraceMinutes,
  NOT_FOUND_GRACE_MINUTES_MAX,
  NOT_FOUND_GRACE_MINUTES_MIN,
  readNotFoundGraceMinutes,
} from '../../common/upstream-limits.js';
import { NOT_FOUND_GRACE_MS } from '../../server/domain/vend-outcome.js';
import { parseUpstreamOptions } from '../../server/domain/upstream-options.js';

/** The not-found grace's bounds, one copy for the node, the CLI and the console (common/upstream-limits.ts). */
describe('the not-found grace an upstream may set', () => {
  it('starts at the node own grace and ends at a day', () => {
    expect(NOT_FOUND_GRACE_MINUTES_MIN * 60_000).toBe(NOT_FOUND_GRACE_MS);
    expect(NOT_FOUND_GRACE_MINUTES_MAX).toBe(24 * 60);
  });

  it.each([
    ['2', 2],
    [' 15 ', 15],
    ['1440', 1440],
    ['0002', 2],
    ['1', null],
    ['1441', null],
    ['2.5', null],
    ['-5', null],
    ['1e3', null],
    ['', null],
    ['ten', null],
  ])('typed %j reads as %j', (text, minutes) => {
    expect(readNotFoundGraceMinutes(text)).toBe(minutes);
  });

  it('the node refuses as option exactly what the CLI and the console refuse as typed', () => {
    for (let n = 0; n <= 1500; n++) {
      const node = (() => {
        try {
          parseUpstreamOptions({ notFoundGraceMinutes: n });
          return true;
        } catch {
          return false;
        }
      })();
      expect(node, String(n)).toBe(readNotFoundGraceMinutes(String(n)) !== null);
      expect(isNotFoundGraceMinutes(n)).toBe(node);
    }
    expect(() => parseUpstreamOptions({ notFoundGraceMinutes: 2.5 })).toThrow(
      "option notFoundGraceMinutes is whole minutes from 2 (the node's own grace) to 1440",
    );
  });
});
