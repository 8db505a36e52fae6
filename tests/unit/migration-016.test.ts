import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations, migrate, openDatabase, type Db } from '../../server/store/db.js';
import { createMerchant } from '../../server/store/merchants.js';

// A database at version 015 holding exceptions filed before reversed sales had their own kind:
// the rebuild keeps every row and moves only the reversed sales' exceptions to the new kind.
let dir: string;
let db: Db;

function insertPurchase(merchantId: number, ref: string, state: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn,
           amount_text, amount_kobo, debit_kobo, state, created_at, updated_at)
         VALUES (?, ?, 'live', ?, 'transaction', 'airtime', 'MTN', '08031234567', '100', 10000, 10000, ?,
           '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      )
      .run(ref, merchantId, `k-${ref}`, state).lastInsertRowid,
  );
}

function insertException(ref: string, purchaseId: number, ourState: string, status = 'open'): void {
  db.prepare(
    `INSERT INTO reconciliation_exceptions (upstream_name, day, reference, kind, purchase_id, our_state,
       our_amount_kobo, their_state, their_amount_kobo, status, first_run_id, created_at, updated_at)
     VALUES ('up', '2026-01-01', ?, 'ours_failed_theirs_success', ?, ?, 10000, 'success', 10000, ?, 1,
       '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
  ).run(ref, purchaseId, ourState, status);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-mig016-'));
  db = openDatabase(dir);
  migrate(
    db,
    loadMigrations().filter((m) => m.version <= 15),
  );
  const { merchant } = createMerchant(db, { code: 'M1', name: 'One' }, 'test');
  db.prepare(
    `INSERT INTO reconciliation_runs (id, upstream_name, day, timezone, actor, started_at)
     VALUES (1, 'up', '2026-01-01', 'Africa/Lagos', 'test', '2026-01-02T00:00:00.000Z')`,
  ).run();
  insertException('R-FAILED', insertPurchase(merchant.id, 'R-FAILED', 'failed'), 'failed');
  insertException('R-REVERSED', insertPurchase(merchant.id, 'R-REVERSED', 'reversed'), 'reversed');
  insertException('R-DONE', insertPurchase(merchant.id, 'R-DONE', 'reversed'), 'reversed', 'resolved');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 016 (a reconciliation kind for reversed sales)', () => {
  it('moves exceptions of reversed sales to the new kind and keeps every row and index', () => {
    const before = db.prepare('SELECT * FROM reconciliation_exceptions ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    const indexes = () =>
      db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE tbl_name = 'reconciliation_exceptions' AND type = 'index' ORDER BY name",
        )
        .all();
    const indexesBefore = indexes();
    expect(
      migrate(
        db,
        loadMigrations().filter((m) => m.version <= 16),
      ),
    ).toEqual([16]);
    const after = db.prepare('SELECT * FROM reconciliation_exceptions ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    expect(after.map((r) => [r.reference, r.kind, r.status])).toEqual([
      ['R-FAILED', 'ours_failed_theirs_success', 'open'],
      ['R-REVERSED', 'ours_reversed_theirs_success', 'open'],
      ['R-DONE', 'ours_reversed_theirs_success', 'resolved'],
    ]);
    expect(after.map(({ kind: _k, ...rest }) => rest)).toEqual(before.map(({ kind: _k, ...rest }) => rest));
    expect(indexes()).toEqual(indexesBefore);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() =>
      db
        .prepare(`UPDATE reconciliation_exceptions SET kind = 'no_such_kind' WHERE reference = 'R-FAILED'`)
        .run(),
    ).toThrow(/CHECK/);
  });
});
