import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, openSync, rmSync, writeSync, closeSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupNow, type BackupProgress } from '../../server/services/admin-backup.js';
import { integrityCheckOffThread } from '../../server/services/integrity-check-thread.js';
import { storeWithMerchant } from '../helpers/test-store.js';

/**
 * Backup now on a large database: the copy runs in steps and the check of the copy on a thread
 * of its own, so the node's main thread serves requests meanwhile (at a million sales the check
 * alone held it for about 6 s); each step is told, for the CLI's progress line.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('backupNow', () => {
  it('tells the copy and the check, and lets the main thread run while the copy is checked', async () => {
    const { dir, db } = storeWithMerchant(dirs, 'BIG', 1_000_000);
    db.exec(
      `CREATE TABLE filler (t TEXT); INSERT INTO filler SELECT hex(randomblob(500)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000) SELECT i FROM n)`,
    );
    const steps: BackupProgress[] = [];
    let turnDuringCheck = false;
    const b = await backupNow({ db, config: { dataDir: dir }, now: Date.now }, 't', (p) => {
      steps.push(p);
      // Work queued as the check starts runs before the backup is done: the check does not
      // hold the main thread (run on it, the check would end before this ever ran).
      if (p.phase === 'check') setImmediate(() => (turnDuringCheck = true));
    });
    expect(b.integrity).toBe('ok');
    expect(turnDuringCheck).toBe(true);
    const copies = steps.filter((s) => s.phase === 'copy');
    expect(copies.length).toBeGreaterThan(0);
    const last = copies[copies.length - 1];
    expect(last.phase === 'copy' && last.copiedPages === last.totalPages).toBe(true);
    expect(steps[steps.length - 1]).toEqual({ phase: 'check', bytes: b.size_bytes });
    expect(readdirSync(join(dir, 'backups'))).toEqual([b.file]);
    db.close();
  });
});

describe('integrityCheckOffThread', () => {
  it('answers ok for a sound file and names what is wrong in a damaged one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-check-'));
    dirs.push(dir);
    const path = join(dir, 'x.db');
    const db = new Database(path);
    db.exec(`CREATE TABLE t (v TEXT); CREATE INDEX t_v ON t (v);
             INSERT INTO t SELECT hex(randomblob(50)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT i FROM n)`);
    db.close();
    expect(await integrityCheckOffThread(path)).toBe('ok');
    // Garbage over a page in the middle of the file (the table's or its index's).
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 20);
    closeSync(fd);
    expect(await integrityCheckOffThread(path)).not.toBe('ok');
    await expect(integrityCheckOffThread(join(dir, 'missing.db'))).rejects.toThrow();
  });
});
