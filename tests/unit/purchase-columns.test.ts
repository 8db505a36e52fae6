import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { airtimePurchase, storeWithMerchant } from '../helpers/test-store.js';
import { PURCHASE_COLUMNS, getPurchaseById, type NewPurchase } from '../../server/store/purchases.js';
import { createPurchase } from '../../server/store/purchase-create.js';
import { settleSuccess } from '../../server/store/purchase-settle.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const store = () => storeWithMerchant(dirs, 'PC', 1e9);

/** A ₦100 MTN airtime sale (₦98 debited) under key. */
const airtime = (merchantId: number, idemKey: string): NewPurchase =>
  airtimePurchase(merchantId, idemKey, { debitKobo: 9_800, actor: 'test' });

/** Purchases are read as arrays by position: the list must be the table's columns, in its order. */
describe('PURCHASE_COLUMNS', () => {
  it('names every column of the purchases table in the table order (a new column must be added to it)', () => {
    const { db } = store();
    const names = (db.prepare('PRAGMA table_info(purchases)').all() as { name: string }[]).map((c) => c.name);
    expect(PURCHASE_COLUMNS.split(', ')).toEqual(names);
  });

  it('the purchase a create returns equals the stored row read back, before and after it settles', () => {
    const { db, m } = store();
    const created = db.transaction(() =>
      createPurchase(db, { ...airtime(m.id, 'cols-1'), details: { send_via: 'sms' } }),
    )();
    expect(getPurchaseById(db, created.id)).toEqual(created);
    expect(created).toMatchObject({ state: 'pending', result: null, needsAttention: false, quantity: 1 });
    db.transaction(() =>
      settleSuccess(db, created.id, { units: null }, { name: 'simulator', reference: 'R1' }),
    )();
    expect(getPurchaseById(db, created.id)).toMatchObject({
      state: 'success',
      result: { units: null },
      upstreamName: 'simulator',
      upstreamReference: 'R1',
      details: { send_via: 'sms' },
    });
  });
});

/** Time-ordered references keep the unique index on them growing at its right edge (docs/performance.md). */
describe('internal references', () => {
  it('are UUID version 7 and increase from one sale to the next, within one millisecond too', () => {
    const { db, m } = store();
    const refs = db.transaction(() =>
      Array.from({ length: 200 }, (_, i) => createPurchase(db, airtime(m.id, `order-${i}`))).map(
        (p) => p.internalReference,
      ),
    )();
    for (const ref of refs)
      expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...refs].sort()).toEqual(refs);
    expect(new Set(refs).size).toBe(refs.length);
  });
});
