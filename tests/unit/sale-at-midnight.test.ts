import { afterEach, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { airtimePurchase, storeWithMerchant } from '../helpers/test-store.js';
import { createPurchase } from '../../server/store/purchase-create.js';
import { ledgerWindow, purchasesCreatedBetween } from '../../server/store/report-queries.js';
import { dayWindow } from '../../server/domain/business-days.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a sale stored as the clock crosses midnight', () => {
  it("is on the same day's report as its debit: the purchase and its ledger entry share one instant", () => {
    const day = dayWindow('2026-05-04', 'UTC');
    const lastMs = Date.parse(day.to) - 1;
    // The store is made earlier that evening: the books' time never runs back to before it.
    vi.spyOn(Date, 'now').mockReturnValue(lastMs - 60_000);
    const { db, m } = storeWithMerchant(dirs, 'MIDNIGHT', 100_000);
    // The first reading of the clock is the day's last millisecond; every later one is the next day.
    let readings = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => (readings++ === 0 ? lastMs : lastMs + 1));
    db.transaction(() => createPurchase(db, airtimePurchase(m.id, 'at-midnight')))();
    vi.restoreAllMocks();
    const sales = purchasesCreatedBetween(db, m.id, 'test', day.from, day.to);
    expect(sales.map((p) => p.idemKey)).toEqual(['at-midnight']);
    // The day's report lists the sale, so its wallet movements carry its debit too.
    expect(ledgerWindow(db, m.id, 'test', day.from, day.to).movements.debit).toBe(-10_000);
  });
});
