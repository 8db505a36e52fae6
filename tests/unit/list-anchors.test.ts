import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Db } from '../../server/store/db.js';
import { listPurchases } from '../../server/store/purchase-lists.js';

let dir: string;
let db: Db;

function insertRows(n: number, startAt: number): void {
  const ins = db.prepare(
    `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn, amount_text, amount_kobo, debit_kobo, created_at, updated_at)
     VALUES (?, ?, 'test', ?, 'transaction', 'airtime', ?, ?, '100', 10000, 10000, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  );
  db.transaction(() => {
    for (let i = startAt; i < startAt + n; i++) {
      // Two merchants interleaved, so one merchant's ids are not contiguous.
      ins.run(
        `ref-${i}`,
        i % 3 === 0 ? 2 : 1,
        `k-${i}`,
        i % 2 ? 'MTN' : 'GLO',
        i % 5 === 0 ? '08031234567' : '08051234567',
      );
    }
  })();
}

function byOffset(merchantId: number, page: number, limit: number, extra = ''): string[] {
  return (
    db
      .prepare(
        `SELECT idem_key FROM purchases WHERE merchant_id = ? AND environment = 'test' ${extra} ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(merchantId, limit, (page - 1) * limit) as { idem_key: string }[]
  ).map((r) => r.idem_key);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-anchors-'));
  db = openDatabase(dir);
  migrate(db);
  db.pragma('foreign_keys = OFF'); // rows without merchants: this test is about list positions only
  insertRows(7_531, 0);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('page-numbered lists through the anchor index equal OFFSET paging', () => {
  it.each([
    [1, 10],
    [2, 10],
    [100, 10],
    [250, 10],
    [502, 10],
    [503, 10],
    [600, 10],
    [1, 100],
    [26, 100],
    [3, 7],
  ])('page %i of size %i', (page, limit) => {
    const r = listPurchases(db, { merchantId: 1, environment: 'test' }, page, limit);
    expect(r.rows.map((p) => p.idemKey)).toEqual(byOffset(1, page, limit));
    expect(r.total).toBe(
      (db.prepare(`SELECT COUNT(*) n FROM purchases WHERE merchant_id = 1`).get() as { n: number }).n,
    );
  });

  it('stays right after new rows arrive (anchors only grow at the end)', () => {
    listPurchases(db, { merchantId: 1, environment: 'test' }, 300, 10);
    insertRows(2_345, 100_000);
    for (const page of [1, 2, 300, 660, 661]) {
      expect(
        listPurchases(db, { merchantId: 1, environment: 'test' }, page, 10).rows.map((p) => p.idemKey),
      ).toEqual(byOffset(1, page, 10));
    }
  });

  it('filters by msisdn and network the same way', () => {
    for (const page of [1, 5, 150]) {
      expect(
        listPurchases(db, { merchantId: 1, environment: 'test', msisdn: '08031234567' }, page, 10).rows.map(
          (p) => p.idemKey,
        ),
      ).toEqual(byOffset(1, page, 10, "AND msisdn = '08031234567'"));
      expect(
        listPurchases(db, { merchantId: 1, environment: 'test', network: 'mtn' }, page, 10).rows.map(
          (p) => p.idemKey,
        ),
      ).toEqual(byOffset(1, page, 10, "AND network = 'MTN'"));
    }
  });
});
