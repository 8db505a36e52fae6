import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { LedgerCheckThread } from '../../server/services/ledger-check-thread.js';
import { verifyLedger } from '../../server/store/wallets.js';
import { fillSales, storeWithMerchant } from '../helpers/test-store.js';

/**
 * The console's "Verify all wallets" on a thread of its own, over a read-only connection: the
 * same answer as `ledger verify`, the node's main thread free meanwhile (at a million sales the
 * check held it for about 2 s), the books read at one instant while sales go on, one check at a
 * time, and a check cut off by the node's stop.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A store with 100,000 sales: a check that reads for a while. */
function bigStore() {
  const { db, m } = storeWithMerchant(dirs, 'BIG', 100_000 * 10_000 + 5_000_000);
  fillSales(db, m.id, 100_000);
  return { db, m, check: new LedgerCheckThread(db.name) };
}

/** A sale set to failed with no refund: `ledger verify` reports it (the last purchase checks read it). */
const failWithoutRefund = (db: ReturnType<typeof bigStore>['db'], reference: string) =>
  db.prepare(`UPDATE purchases SET state = 'failed' WHERE internal_reference = ?`).run(reference);

describe('the ledger check on its own thread', () => {
  it('answers what ledger verify answers, ok and broken, while the main thread runs', async () => {
    const { db, m, check } = bigStore();
    let turned = false;
    const answer = check.verify();
    // Work queued as the check starts runs before its answer: it does not hold the main thread
    // (on it, the check would end before this ever ran).
    setImmediate(() => (turned = true));
    expect(check.running).toBe(true);
    const ok = await answer;
    expect(turned).toBe(true);
    expect(check.running).toBe(false);
    expect(ok).toEqual({ ok: true, wallets: 4, problems: [] });
    expect(ok).toEqual(verifyLedger(db));

    db.prepare(
      `UPDATE wallets SET balance_kobo = balance_kobo + 100 WHERE merchant_id = ? AND environment = 'test'`,
    ).run(m.id);
    failWithoutRefund(db, 'filled-50000');
    const broken = await check.verify();
    expect(broken.ok).toBe(false);
    expect(broken.problems.map((p) => p.problem)).toEqual([
      'cached balance ₦50,001.00 ≠ ledger sum ₦50,000.00',
      'failed purchase filled-50000 was not refunded',
      'purchase filled-50000 (failed) nets -₦100.00 in the ledger',
    ]);
    expect(broken).toEqual(verifyLedger(db));
    db.close();
  });

  it('reads the books at one instant: what is written after it starts is not seen, sales meanwhile make no problem', async () => {
    const { db, m, check } = bigStore();
    const answer = check.verify(() => {
      // The thread holds its snapshot: the main connection breaks the books (a late check of
      // the thread would see it if each read took the books as they are then) and sells on.
      failWithoutRefund(db, 'filled-99999');
      fillSales(db, m.id, 20);
    });
    expect(await answer).toEqual({ ok: true, wallets: 4, problems: [] });
    // The next check starts after the break and sees it; the sales are sound.
    expect((await check.verify()).problems.map((p) => p.problem)).toEqual([
      'failed purchase filled-99999 was not refunded',
      'purchase filled-99999 (failed) nets -₦100.00 in the ledger',
    ]);
    db.close();
  });

  it('runs one check at a time: a second ask while one runs gets its answer', async () => {
    const { db, check } = bigStore();
    const first = check.verify();
    expect(check.verify()).toBe(first);
    await first;
    const second = check.verify();
    expect(second).not.toBe(first);
    const cut = expect(second).rejects.toMatchObject({ code: 'OVERLOADED' });
    await check.stop();
    await cut;
    db.close();
  });

  it("the node's stop cuts a check off: its ask is answered 503, and no check starts after", async () => {
    const { db, check } = bigStore();
    const answer = check.verify(() => void check.stop());
    await expect(answer).rejects.toMatchObject({
      code: 'OVERLOADED',
      message: expect.stringContaining('The node is stopping: the ledger check was cut off'),
    });
    expect(check.running).toBe(false);
    await expect(check.verify()).rejects.toMatchObject({ code: 'OVERLOADED' });
    db.close();
  });
});
