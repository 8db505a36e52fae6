import { afterEach, describe, expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';
import { StartedExports } from '../../server/http/console/started-exports.js';

/**
 * The desk's started CSV exports (http/console/started-exports.ts) wait for their download a
 * while only, and a user's many unfollowed starts do not pile up: what is dropped is abandoned
 * (a text search's later reads end).
 */
afterEach(() => vi.useRealTimers());

const anExport = () => {
  const abandon = vi.fn();
  return { filename: 'f.csv', open: () => Readable.from(['a\n']), abandon };
};

describe('started exports', () => {
  it('drops an export not downloaded in time, abandoning it', () => {
    vi.useFakeTimers();
    const exports = new StartedExports(60_000);
    const e = anExport();
    const token = exports.add(7, e);
    vi.advanceTimersByTime(59_999);
    expect(exports.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(exports.size).toBe(0);
    expect(e.abandon).toHaveBeenCalledOnce();
    expect(exports.take(token, 7)).toBeUndefined();
  });

  it("keeps three waiting a user: a fourth drops that user's oldest, not another user's", () => {
    const exports = new StartedExports();
    const mine = [anExport(), anExport(), anExport(), anExport()];
    const theirs = anExport();
    const theirToken = exports.add(2, theirs);
    const tokens = mine.map((e) => exports.add(1, e));
    expect(mine[0].abandon).toHaveBeenCalledOnce();
    expect(exports.take(tokens[0], 1)).toBeUndefined();
    expect(exports.take(tokens[3], 1)?.filename).toBe('f.csv');
    expect(theirs.abandon).not.toHaveBeenCalled();
    expect(exports.take(theirToken, 1)).toBeUndefined();
    expect(exports.take(theirToken, 2)).toBeDefined();
    // Taken once: a taken export is not abandoned by the timer or given again.
    expect(exports.take(tokens[3], 1)).toBeUndefined();
  });
});
