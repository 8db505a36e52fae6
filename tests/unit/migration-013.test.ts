import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations, migrate, openDatabase, type Db } from '../../server/store/db.js';
import { createMerchant } from '../../server/store/merchants.js';
import { postLedgerEntryFor, verifyLedger } from '../../server/store/wallets.js';

// A database left at version 012 with real rows, then upgraded: the two rebuilt tables must
// keep every row, index and trigger, and foreign keys must still bind them.
let dir: string;
let db: Db;

function schemaOf(table: string): { type: string; name: string; sql: string | null }[] {
  return db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') ORDER BY name",
    )
    .all(table) as { type: string; name: string; sql: string | null }[];
}

function insertPurchase(merchantId: number, ref: string, state: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn,
           amount_text, amount_kobo, debit_kobo, state, agent_user_id, created_at, updated_at)
         VALUES (?, ?, 'test', ?, 'transaction', 'airtime', 'MTN', '08031234567', '100', 10000, 10000, ?, NULL,
           '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      )
      .run(ref, merchantId, `k-${ref}`, state).lastInsertRowid,
  );
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-mig013-'));
  db = openDatabase(dir);
  migrate(
    db,
    loadMigrations().filter((m) => m.version <= 12),
  );
  const { merchant } = createMerchant(db, { code: 'M1', name: 'One' }, 'test');
  db.transaction(() => {
    // The funding's ledger entry only: today's fundWallet also records its event in columns
    // that later migrations add (022's funding_kobo).
    postLedgerEntryFor(db, merchant.id, 'test', {
      kind: 'funding',
      amountKobo: 100_000,
      reason: 'seed',
      actor: 'test',
    });
    const ok = insertPurchase(merchant.id, 'R-OK', 'success');
    postLedgerEntryFor(db, merchant.id, 'test', {
      kind: 'debit',
      amountKobo: -10000,
      purchaseId: ok,
      reason: 'sale',
      actor: 'api',
    });
    const bad = insertPurchase(merchant.id, 'R-FAIL', 'failed');
    postLedgerEntryFor(db, merchant.id, 'test', {
      kind: 'debit',
      amountKobo: -10000,
      purchaseId: bad,
      reason: 'sale',
      actor: 'api',
    });
    postLedgerEntryFor(db, merchant.id, 'test', {
      kind: 'refund',
      amountKobo: 10000,
      purchaseId: bad,
      reason: 'failed',
      actor: 'api',
    });
    const pending = insertPurchase(merchant.id, 'R-PEND', 'pending');
    postLedgerEntryFor(db, merchant.id, 'test', {
      kind: 'debit',
      amountKobo: -10000,
      purchaseId: pending,
      reason: 'sale',
      actor: 'api',
    });
    db.prepare("INSERT INTO vend_jobs (purchase_id, state) VALUES (?, 'polling')").run(pending);
  })();
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 013 (reversal states and ledger kinds)', () => {
  it('keeps rows, indexes, triggers and foreign keys of the rebuilt tables', () => {
    const purchasesBefore = db.prepare('SELECT * FROM purchases ORDER BY id').all();
    const ledgerBefore = db.prepare('SELECT * FROM ledger_entries ORDER BY id').all();
    const purchaseIndexes = schemaOf('purchases').map((r) => r.name);
    const ledgerSchema = schemaOf('ledger_entries');

    // Up to 13 only: later migrations are not this test's subject.
    expect(
      migrate(
        db,
        loadMigrations().filter((m) => m.version <= 13),
      ),
    ).toEqual([13]);

    const purchasesAfter = db.prepare('SELECT * FROM purchases ORDER BY id').all() as Record<
      string,
      unknown
    >[];
    expect(
      purchasesAfter.map(({ reversed_at, reversal_reason, ...rest }) => {
        expect(reversed_at).toBeNull();
        expect(reversal_reason).toBeNull();
        return rest;
      }),
    ).toEqual(purchasesBefore);
    expect(db.prepare('SELECT * FROM ledger_entries ORDER BY id').all()).toEqual(ledgerBefore);
    // Every old index and trigger is back, unchanged; the ledger gains the two new unique ones.
    expect(schemaOf('purchases').map((r) => r.name)).toEqual(purchaseIndexes);
    const ledgerAfter = schemaOf('ledger_entries');
    for (const old of ledgerSchema) expect(ledgerAfter).toContainEqual(old);
    expect(ledgerAfter.map((r) => r.name)).toEqual(
      expect.arrayContaining(['ledger_one_reversal', 'ledger_one_debit_correction']),
    );

    // The runner restored foreign keys, and they still bind children to the rebuilt table.
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(() =>
      db.prepare("INSERT INTO vend_jobs (purchase_id, state) VALUES (9999, 'queued')").run(),
    ).toThrow(/FOREIGN KEY/);
    // The append-only triggers work on the new table.
    expect(() => db.prepare('UPDATE ledger_entries SET amount_kobo = 1').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM ledger_entries').run()).toThrow(/append-only/);
    expect(verifyLedger(db).ok).toBe(true);
  });

  it('ledger verify: a reversal must go with a reversed sale, and a reversed sale must be credited', () => {
    migrate(db);
    const m = (db.prepare("SELECT id FROM merchants WHERE code = 'M1'").get() as { id: number }).id;
    const idOf = (ref: string) =>
      (db.prepare('SELECT id FROM purchases WHERE internal_reference = ?').get(ref) as { id: number }).id;
    // Reversed without its credit: the books say so.
    db.prepare("UPDATE purchases SET state = 'reversed' WHERE internal_reference = 'R-OK'").run();
    expect(verifyLedger(db).problems.map((p) => p.problem)).toEqual(
      expect.arrayContaining([
        'reversed purchase R-OK was not credited back',
        'purchase R-OK (reversed) nets -₦100.00 in the ledger',
      ]),
    );
    db.transaction(() =>
      postLedgerEntryFor(db, m, 'test', {
        kind: 'reversal',
        amountKobo: 10000,
        purchaseId: idOf('R-OK'),
        reason: 'x',
        actor: 'test',
      }),
    )();
    expect(verifyLedger(db)).toMatchObject({ ok: true, problems: [] });
    // A reversal credit on a sale still standing is wrong.
    db.transaction(() =>
      postLedgerEntryFor(db, m, 'test', {
        kind: 'reversal',
        amountKobo: 10000,
        purchaseId: idOf('R-PEND'),
        reason: 'x',
        actor: 'test',
      }),
    )();
    expect(verifyLedger(db).problems.map((p) => p.problem)).toContain(
      'purchase R-PEND (pending) has a wrong reversal',
    );
  });

  it('allows the reversed state and one reversal / debit correction per purchase, no more', () => {
    migrate(db);
    const id = (
      db.prepare("SELECT id FROM purchases WHERE internal_reference = 'R-OK'").get() as { id: number }
    ).id;
    const m = (db.prepare("SELECT id FROM merchants WHERE code = 'M1'").get() as { id: number }).id;
    db.prepare("UPDATE purchases SET state = 'reversed' WHERE id = ?").run(id);
    const post = (kind: 'reversal' | 'debit_correction', amountKobo: number) =>
      db.transaction(() =>
        postLedgerEntryFor(db, m, 'test', { kind, amountKobo, purchaseId: id, reason: 'x', actor: 'test' }),
      )();
    post('reversal', 10000);
    expect(() => post('reversal', 10000)).toThrow(/UNIQUE/);
    post('debit_correction', -10000);
    expect(() => post('debit_correction', -10000)).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE purchases SET state = 'bogus' WHERE id = ?").run(id)).toThrow(/CHECK/);
  });
});
