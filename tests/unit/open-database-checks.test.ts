import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, openDatabase } from '../../server/store/db.js';

/** A file the node cannot use is refused before anything writes to it, with its path named. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-open-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('migrations', () => {
  it('run in order only: one numbered below what the database has, never applied, is refused', () => {
    const db = openDatabase(dir);
    const all = loadMigrations();
    const skipped = all[3];
    migrate(
      db,
      all.filter((m) => m !== skipped),
    );
    expect(() => migrate(db, all)).toThrow(
      new RegExp(
        `migration ${skipped.name} is older than the database's schema version \\d+ but was never applied`,
      ),
    );
    expect(
      db.prepare('SELECT COUNT(*) AS n FROM schema_migrations WHERE version = ?').get(skipped.version),
    ).toEqual({
      n: 0,
    });
    db.close();
  });
});

describe('opening a database file', () => {
  it('one from a newer VendPoint is refused and left exactly as it was', () => {
    const db = openDatabase(dir);
    migrate(db);
    db.prepare(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')`).run();
    db.pragma('journal_mode = DELETE'); // a backup is one self-contained file
    db.close();
    const path = join(dir, 'vendpoint.db');
    const before = digest(path);
    expect(() => openDatabase(dir)).toThrow(
      /schema version 999 in .*vendpoint\.db is newer than this VendPoint .*not changed/,
    );
    expect(digest(path)).toBe(before);
    expect(existsSync(`${path}-wal`)).toBe(false);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('a file that is not a database (a truncated backup) is refused with its path, unchanged', () => {
    const path = join(dir, 'vendpoint.db');
    writeFileSync(path, 'SQLite format 3\\0'.padEnd(600, 'x'));
    const before = digest(path);
    expect(() => openDatabase(dir)).toThrow(
      /vendpoint\.db is not a readable VendPoint database .*restore another one/,
    );
    expect(digest(path)).toBe(before);
  });

  it("another program's SQLite file is refused, not taken over as a new VendPoint database", () => {
    const path = join(dir, 'vendpoint.db');
    const other = new Database(path);
    other.exec('CREATE TABLE foo (x); INSERT INTO foo VALUES (1)');
    other.close();
    const before = digest(path);
    expect(() => openDatabase(dir)).toThrow(
      /vendpoint\.db is a SQLite database of another program \(tables foo\)/,
    );
    expect(digest(path)).toBe(before);
  });

  it('an empty SQLite file (no tables yet) is set up as new', () => {
    const path = join(dir, 'vendpoint.db');
    new Database(path).close();
    const db = openDatabase(dir);
    expect(migrate(db).length).toBeGreaterThan(0);
    db.close();
  });
});
