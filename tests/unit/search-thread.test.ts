import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SearchThread } from '../../server/services/search-thread.js';
import { listPurchaseValues, purchasePageValues } from '../../server/store/purchase-lists.js';
import { fillSales, storeWithMerchant } from '../helpers/test-store.js';

/**
 * History's text search on its thread (the node's use is tests/api/console-history-search-thread.test.ts):
 * the thread's reads are the main connection's, it stays up between searches and sees what
 * another connection (a CLI) committed meanwhile, a read whose client went is stopped in the
 * middle of its scan, and its stop ends it whether idle or not.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** 2,100 sales: every scan of them passes the stop's checks at ids 1009 and 2018 (CHECKPOINT_EVERY). */
function store() {
  const { db, m } = storeWithMerchant(dirs, 'SRCH', 20_000 * 10_000);
  fillSales(db, m.id, 2_100);
  const filter = { merchantId: m.id, environment: 'test' as const, search: 'illed-1' };
  return { db, m, filter, thread: new SearchThread(db.name) };
}

describe('the History search thread', () => {
  it("reads what the main connection reads, list and CSV pages, and sees another connection's commit", async () => {
    const { db, m, filter, thread } = store();
    for (const [page, limit] of [
      [1, 25],
      [3, 10],
      [9, 25],
    ])
      expect(await thread.read({ type: 'list', filter, page, limit })).toEqual(
        listPurchaseValues(db, filter, page, limit),
      );
    const csvPage = purchasePageValues(db, filter, 150, 50);
    expect(await thread.read({ type: 'csv-page', filter, below: 150, pageSize: 50 })).toEqual({
      rows: csvPage,
      total: csvPage.length,
    });
    // A CLI's sales, committed on a connection of its own while the thread is up, are seen next
    // (ids 10000 on are filled-1…).
    const before = (await thread.read({ type: 'list', filter, page: 1, limit: 1 })).total;
    const cli = new Database(db.name);
    fillSales(cli, m.id, 10_000);
    cli.close();
    const after = await thread.read({ type: 'list', filter, page: 1, limit: 1 });
    expect(after.total).toBe(listPurchaseValues(db, filter, 1, 1).total);
    expect(after.total).toBeGreaterThan(before);
    await thread.stop();
    db.close();
  });

  it('stops a read whose client went in the middle of its scan, unanswered, and the next read starts at once', async () => {
    const { db, filter, thread } = store();
    // Held at the first check inside the list's count: part of the sales scanned, the rest not.
    thread.hold('statement');
    const held = thread.whenHeld();
    const gone = new AbortController();
    const first = thread.read({ type: 'list', filter, page: 1, limit: 25 }, { signal: gone.signal }).then(
      () => 'answered',
      (e: Error) => e.message,
    );
    expect(await held).toBe('statement');
    const nextFilter = Object.assign({}, filter, { search: 'illed-20' });
    const next = thread.read({ type: 'list', filter: nextFilter, page: 1, limit: 5 });
    expect(thread.busy).toEqual({ running: true, queued: 1 });
    const nextHeld = thread.whenHeld();
    gone.abort();
    // The thread answered that the read stopped at a check, not that it ran to its end.
    expect(await first).toBe('the search was stopped: its client went away');
    expect(thread.stoppedReads).toBe(1);
    // The next read reached its own scan while the gate still holds: the stopped one did not
    // run on to the gate's release (nothing else lets a read past it).
    expect(await nextHeld).toBe('statement');
    expect(thread.busy).toEqual({ running: true, queued: 0 });
    thread.release();
    expect(await next).toEqual(listPurchaseValues(db, nextFilter, 1, 5));
    expect(thread.stoppedReads).toBe(1);
    await thread.stop();
    db.close();
  });

  it('stops idle or never started, and refuses reads after its stop', async () => {
    const idle = store();
    await idle.thread.read({ type: 'list', filter: idle.filter, page: 1, limit: 5 });
    expect(idle.thread.busy).toEqual({ running: false, queued: 0 });
    await idle.thread.stop();
    await expect(idle.thread.read({ type: 'list', filter: idle.filter, page: 1, limit: 5 })).rejects.toThrow(
      'The node is stopping',
    );
    idle.db.close();
    const never = new SearchThread('/nonexistent/never-opened.db');
    await never.stop();
  });

  it('answers a read the thread cannot do as an error, and the next read starts afresh', async () => {
    const missing = new SearchThread('/nonexistent/vendpoint.db');
    const filter = { merchantId: 1, environment: 'test' as const, search: 'x' };
    await expect(missing.read({ type: 'list', filter, page: 1, limit: 1 })).rejects.toThrow(
      'the History search failed',
    );
    await expect(missing.read({ type: 'list', filter, page: 1, limit: 1 })).rejects.toThrow(
      'the History search failed',
    );
    expect(missing.busy).toEqual({ running: false, queued: 0 });
    await missing.stop();
  });
});
