import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase } from '../../server/store/db.js';
import { writtenRow } from '../../server/store/rows.js';
import { createMerchant } from '../../server/store/merchants.js';
import { ensureDelivery } from '../../server/store/report-deliveries.js';

describe('writtenRow (a row read back right after a write)', () => {
  it('returns the row, and names what is missing instead of failing later on undefined', () => {
    expect(writtenRow({ id: 1 }, 'merchant', 'ACME')).toEqual({ id: 1 });
    expect(() => writtenRow(undefined, 'merchant', 'ACME')).toThrow(
      'merchant ACME was just written but cannot be read back',
    );
    expect(() => writtenRow(null, 'cash-up', 7)).toThrow(
      'cash-up 7 was just written but cannot be read back',
    );
  });

  it('is what a store write says when its row vanishes under it (a trigger deleting it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-written-row-'));
    const db = openDatabase(dir);
    try {
      migrate(db);
      const { merchant } = createMerchant(db, { code: 'GONE', name: 'Gone Ltd' }, 'test');
      db.exec(`CREATE TEMP TRIGGER vanish AFTER INSERT ON report_deliveries BEGIN
                 DELETE FROM report_deliveries WHERE id = NEW.id; END`);
      const day = { merchantId: merchant.id, environment: 'live' as const, day: '2026-01-05' };
      expect(() =>
        ensureDelivery(db, { ...day, timezone: 'Africa/Lagos', nowIso: new Date().toISOString() }),
      ).toThrow('report delivery of 2026-01-05 was just written but cannot be read back');
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
