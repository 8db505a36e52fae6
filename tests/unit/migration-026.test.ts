import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations, migrate, openDatabase, type Db } from '../../server/store/db.js';
import { createMerchant } from '../../server/store/merchants.js';

// A database at version 025 holding exceptions: the rebuild for the sent_to_other_account kind
// keeps every row as it was (sent_to empty), every index, and the kind check.
let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-mig026-'));
  db = openDatabase(dir);
  migrate(
    db,
    loadMigrations().filter((m) => m.version <= 25),
  );
  const { merchant } = createMerchant(db, { code: 'M1', name: 'One' }, 'test');
  db.prepare(
    `INSERT INTO reconciliation_runs (id, upstream_name, day, timezone, actor, started_at)
     VALUES (1, 'up', '2026-01-01', 'Africa/Lagos', 'test', '2026-01-02T00:00:00.000Z')`,
  ).run();
  const purchase = Number(
    db
      .prepare(
        `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn,
           amount_text, amount_kobo, debit_kobo, state, created_at, updated_at)
         VALUES ('R-1', ?, 'live', 'k-R-1', 'transaction', 'airtime', 'MTN', '08031234567', '100', 10000, 10000,
           'success', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      )
      .run(merchant.id).lastInsertRowid,
  );
  const insert = db.prepare(
    `INSERT INTO reconciliation_exceptions (upstream_name, day, reference, kind, purchase_id, our_state,
       our_amount_kobo, status, first_run_id, created_at, updated_at)
     VALUES ('up', '2026-01-01', ?, ?, ?, 'success', 10000, ?, 1, '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
  );
  insert.run('R-1', 'ours_only', purchase, 'open');
  insert.run('R-2', 'theirs_only', null, 'resolved');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 026 (sales sent to another account than the upstream points at now)', () => {
  it('keeps every exception and index, takes the new kind, and still refuses an unknown one', () => {
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
        loadMigrations().filter((m) => m.version <= 26),
      ),
    ).toEqual([26]);
    const after = db.prepare('SELECT * FROM reconciliation_exceptions ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    expect(after).toEqual(before.map((r) => Object.assign({}, r, { sent_to: null })));
    expect(indexes()).toEqual(indexesBefore);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.prepare(
      `UPDATE reconciliation_exceptions SET kind = 'sent_to_other_account', sent_to = 'https://p.example (merchant code UP)' WHERE reference = 'R-1'`,
    ).run();
    expect(() =>
      db.prepare(`UPDATE reconciliation_exceptions SET kind = 'no_such_kind' WHERE reference = 'R-1'`).run(),
    ).toThrow(/CHECK/);
    expect(db.prepare('SELECT COUNT(*) FROM upstream_accounts').pluck().get()).toBe(0);
  });
});
