import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { airtimePurchase, storeWithMerchant } from '../helpers/test-store.js';
import { createPurchase } from '../../server/store/purchase-create.js';
import { listPurchases, purchasePages } from '../../server/store/purchase-lists.js';
import { settleSuccess } from '../../server/store/purchase-settle.js';
import type { Db } from '../../server/store/db.js';

/** The console's History search: whatever a receipt prints finds its sale. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function sale(db: Db, merchantId: number, key: string, product = 'airtime') {
  return db.transaction(() => createPurchase(db, airtimePurchase(merchantId, key, { product })))();
}

describe('History search', () => {
  it("finds a sale by the provider references its receipt prints, not only the upstream's own id", () => {
    const { db, m } = storeWithMerchant(dirs, 'SRCH', 1e9);
    const telco = sale(db, m.id, 'k-telco');
    const postpaid = sale(db, m.id, 'k-postpaid', 'ELECTRICITY');
    const token = sale(db, m.id, 'k-token', 'ELECTRICITY');
    const other = sale(db, m.id, 'k-other');
    // A live provider answers its own id (kept as the upstream reference) and the telco's.
    settleSuccess(
      db,
      telco.id,
      { external_reference: 'MTN-TELCO-778899', telco_message: 'ok' },
      { name: 'provider', reference: '6f1c2d3e-0000-4000-8000-000000000001' },
    );
    settleSuccess(db, postpaid.id, { receipt_number: 'RCPT-55667788', customer_name: 'A B' });
    // A token is sealed at rest: its result is not searchable text, and must not break the search.
    settleSuccess(db, token.id, { token: '12345678901234567890', units: '4.8' });
    settleSuccess(db, other.id, { external_reference: 'MTN-TELCO-000111' });

    const found = (search: string) =>
      listPurchases(db, { merchantId: m.id, environment: 'test', search }, 1, 10).rows.map((p) => p.idemKey);
    expect(found('TELCO-7788')).toEqual(['k-telco']);
    expect(found('6f1c2d3e')).toEqual(['k-telco']);
    expect(found('RCPT-5566')).toEqual(['k-postpaid']);
    // The sealed token is not found by its digits (nor does its ciphertext match anything).
    expect(found('1234567890123')).toEqual([]);
    expect(found('MTN-TELCO')).toEqual(['k-other', 'k-telco']);
  });

  it('matches what was typed as text: % and _ are not wildcards', () => {
    const { db, m } = storeWithMerchant(dirs, 'SRCHLIT', 1e9);
    sale(db, m.id, 'order_7');
    sale(db, m.id, 'orderX7');
    sale(db, m.id, '100%-off');
    sale(db, m.id, 'back\\slash');
    const found = (search: string) =>
      listPurchases(db, { merchantId: m.id, environment: 'test', search }, 1, 10)
        .rows.map((p) => p.idemKey)
        .sort();
    expect(found('_')).toEqual(['order_7']);
    expect(found('%')).toEqual(['100%-off']);
    expect(found('order_')).toEqual(['order_7']);
    expect(found('\\')).toEqual(['back\\slash']);
    expect(found('order')).toEqual(['orderX7', 'order_7']);
  });

  it("reads one customer's number through the phone index, page, total and CSV, never by walking every sale", () => {
    const { db, m } = storeWithMerchant(dirs, 'SRCHIDX', 1e9);
    for (const [key, msisdn] of [
      ['k-local', '08031112222'],
      ['k-intl', '2348031112222'],
      ['k-other', '08039998888'],
    ])
      db.transaction(() => createPurchase(db, airtimePurchase(m.id, key, { msisdn })))();
    const seen: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (seen.push(sql), prepare(sql))) as typeof db.prepare;
    const f = { merchantId: m.id, environment: 'test' as const, msisdn: '08031112222' };
    const page = listPurchases(db, f, 1, 10);
    expect(page.rows.map((p) => p.idemKey).sort()).toEqual(['k-intl', 'k-local']);
    expect(page.total).toBe(2);
    expect([...purchasePages(db, f, 10)].flat()).toHaveLength(2);
    db.prepare = prepare;

    const reads = seen.filter((sql) => /FROM purchases\b/.test(sql));
    expect(reads).toHaveLength(3);
    for (const sql of reads) {
      const unbound = Array((sql.match(/\?/g) ?? []).length).fill(null);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...unbound) as { detail: string }[])
        .map((r) => r.detail)
        .filter((d) => /\bpurchases\b/.test(d));
      expect(plan, sql).toEqual([
        expect.stringMatching(/^SEARCH purchases USING (COVERING )?INDEX purchases_msisdn /),
      ]);
    }
  });
});
