import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Db } from '../../server/store/db.js';
import { listPurchases, purchasePages } from '../../server/store/purchase-lists.js';
import { LEDGER_PAGE, ledgerPages } from '../../server/store/admin-queries.js';
import { ledgerWindow } from '../../server/store/report-queries.js';

/**
 * The console's CSV exports read their rows page by page (keyset, one query each) so that an
 * export over years of sales holds one page at a time; and the ledger's window reads (exports,
 * daily reports) find their range through an index instead of every entry of the wallet.
 */
let dir: string;
let db: Db;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-export-pages-'));
  db = openDatabase(dir);
  migrate(db);
  db.pragma('foreign_keys = OFF'); // rows without merchants or wallets: this test is about reads
  const purchase = db.prepare(
    `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn, amount_text, amount_kobo, debit_kobo, created_at, updated_at)
     VALUES (?, ?, 'test', ?, 'transaction', 'airtime', 'MTN', ?, '100', 10000, 10000, ?, ?)`,
  );
  const entry = db.prepare(
    `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at)
     VALUES (?, 'debit', -100, ?, ?, 'sale', 't', ?)`,
  );
  db.transaction(() => {
    db.prepare(
      `INSERT INTO wallets (id, merchant_id, environment, balance_kobo, updated_at) VALUES (1, 1, 'test', 0, ''), (2, 2, 'test', 0, '')`,
    ).run();
    for (let i = 0; i < 2_345; i++) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      // Two merchants interleaved, so one merchant's ids are not contiguous.
      const merchant = i % 3 === 0 ? 2 : 1;
      const id = Number(
        purchase.run(`ref-${i}`, merchant, `k-${i}`, i % 5 ? '08031234567' : '08051234567', at, at)
          .lastInsertRowid,
      );
      entry.run(merchant, 10_000_000 - 100 * i, id, at);
    }
  })();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const plan = (sql: string, ...params: unknown[]): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((r) => r.detail)
    .join('; ');

describe('purchasePages', () => {
  it('yields every purchase of the filter, newest first as the list shows them, in pages of at most the size', () => {
    const filter = { merchantId: 1, environment: 'test' as const };
    const pages = [...purchasePages(db, filter, 100)];
    const all = listPurchases(db, filter, 1, 5_000).rows.map((p) => p.idemKey);
    expect(all.length).toBeGreaterThan(1_500);
    expect(pages.flat().map((p) => p.idemKey)).toEqual(all);
    expect(Math.max(...pages.map((p) => p.length))).toBe(100);
    expect(pages.length).toBe(Math.ceil(all.length / 100));
  });

  it('applies the filters (a phone number here)', () => {
    const filter = { merchantId: 1, environment: 'test' as const, msisdn: '08051234567' };
    const rows = [...purchasePages(db, filter, 50)].flat();
    expect(rows.map((p) => p.idemKey)).toEqual(
      listPurchases(db, filter, 1, 5_000).rows.map((p) => p.idemKey),
    );
    expect(rows.every((p) => p.msisdn === '08051234567')).toBe(true);
  });

  it('reads a page lazily: the next query only when the next page is asked for', () => {
    const pages = purchasePages(db, { merchantId: 1, environment: 'test' }, 10);
    const first = pages.next().value as { id: number }[];
    // A sale made after the first page is not taken in (ids grow), and older ones still come.
    const second = pages.next().value as { id: number }[];
    expect(second[0].id).toBeLessThan(first[first.length - 1].id);
    pages.return(undefined);
  });
});

describe('ledgerPages', () => {
  it('yields the window oldest first, every entry once, in pages of at most the size', () => {
    const from = '2026-01-01T10:01:00.000Z'; // an entry of wallet 1 at the very start: included
    const to = '2026-01-02T10:00:00.000Z';
    const pages = [...ledgerPages(db, 1, from, to, 64)];
    const expected = (
      db
        .prepare(
          'SELECT id FROM ledger_entries WHERE wallet_id = 1 AND created_at >= ? AND created_at < ? ORDER BY id',
        )
        .all(from, to) as { id: number }[]
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(900);
    expect(pages.flat().map((r) => r.id)).toEqual(expected);
    expect(Math.max(...pages.map((p) => p.length))).toBe(64);
    expect(pages.flat()[0].created_at).toBe(from);
  });

  it('finds a page through ledger_wallet_created, without reading the wallet from its start or sorting', () => {
    const p = plan(LEDGER_PAGE, 1, '2026-01-01', 0, '2026-02-01', 100);
    expect(p).toMatch(
      /SEARCH l USING (COVERING )?INDEX ledger_wallet_created \(wallet_id=\? AND created_at>\? AND created_at<\?\)/,
    );
    expect(p).not.toMatch(/TEMP B-TREE/);
  });
});

describe("a report's ledger window", () => {
  it('reads its balances and movements through ledger_wallet_created', () => {
    const statements: string[] = [];
    const prepare = db.prepare.bind(db);
    const spy = Object.assign(Object.create(db) as Db, {
      prepare: (sql: string) => {
        statements.push(sql);
        return prepare(sql);
      },
    });
    const w = ledgerWindow(spy, 1, 'test', '2026-01-01T12:00:00.000Z', '2026-01-02T12:00:00.000Z');
    expect(w.closingKobo).toBeLessThan(w.openingKobo);
    const ledgerReads = statements.filter((sql) => sql.includes('FROM ledger_entries'));
    expect(ledgerReads.length).toBeGreaterThanOrEqual(2);
    for (const sql of ledgerReads) {
      const p = plan(sql, ...Array(sql.split('?').length - 1).fill(1));
      expect(p, sql).toMatch(/INDEX ledger_wallet_created \(wallet_id=\? AND created_at[<>]/);
      expect(p, sql).not.toMatch(/FOR ORDER BY/);
    }
  });
});
