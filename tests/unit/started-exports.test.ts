import { afterEach, describe, expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';
import { StartedExports } from '../../server/http/console/started-exports.js';

/**
 * The desk's started CSV exports (http/console/started-exports.ts) wait for their download a
 * while only, and a user's many unfollowed starts do not pile up: what is dropped is abandoned
 * (a text search's later reads end).
 */
afterEach(() => vi.useRealTimers());

const AT = '/console/purchases/exports';
const anExport = () => {
  const abandon = vi.fn();
  return { filename: 'f.csv', open: () => Readable.from(['a\n']), abandon };
};

describe('started exports', () => {
  it('drops an export not downloaded in time, abandoning it', () => {
    vi.useFakeTimers();
    const exports = new StartedExports(60_000);
    const e = anExport();
    const token = exports.add(7, AT, e);
    vi.advanceTimersByTime(59_999);
    expect(exports.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(exports.size).toBe(0);
    expect(e.abandon).toHaveBeenCalledOnce();
    expect(exports.take(token, 7, AT)).toBeUndefined();
  });

  it("keeps three waiting a user: a fourth drops that user's oldest, not another user's", () => {
    const exports = new StartedExports();
    const mine = [anExport(), anExport(), anExport(), anExport()];
    const theirs = anExport();
    const theirToken = exports.add(2, AT, theirs);
    const tokens = mine.map((e) => exports.add(1, AT, e));
    expect(mine[0].abandon).toHaveBeenCalledOnce();
    expect(exports.take(tokens[0], 1, AT)).toBeUndefined();
    expect(exports.take(tokens[3], 1, AT)?.filename).toBe('f.csv');
    expect(theirs.abandon).not.toHaveBeenCalled();
    expect(exports.take(theirToken, 1, AT)).toBeUndefined();
    expect(exports.take(theirToken, 2, AT)).toBeDefined();
    // Taken once: a taken export is not abandoned by the timer or given again.
    expect(exports.take(tokens[3], 1, AT)).toBeUndefined();
  });

  it("gives a token only at its own export's link, and a user's three waiting are of every kind", () => {
    const exports = new StartedExports();
    const ledger = '/console/admin/merchants/DEMO/wallets/test/ledger/exports';
    const report = '/console/reports/DEMO/test/2026-01-31/exports';
    const sales = anExport();
    const salesToken = exports.add(1, AT, sales);
    const ledgerToken = exports.add(1, ledger, anExport());
    expect(exports.take(ledgerToken, 1, AT)).toBeUndefined();
    expect(
      exports.take(ledgerToken, 1, '/console/admin/merchants/DEMO/wallets/live/ledger/exports'),
    ).toBeUndefined();
    // Refused at another link, it still waits at its own.
    expect(exports.take(ledgerToken, 1, ledger)).toBeDefined();
    exports.add(1, report, anExport());
    exports.add(1, ledger, anExport());
    exports.add(1, report, anExport());
    expect(sales.abandon).toHaveBeenCalledOnce();
    expect(exports.take(salesToken, 1, AT)).toBeUndefined();
    expect(exports.size).toBe(3);
  });
});
