import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../server/store/db.js';
import { CommitBatcher } from '../../server/store/commit-batcher.js';

let dir: string;
let db: Db;
let batcher: CommitBatcher;

const insert = (v: string) => () => {
  db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
  return v;
};
const insertThenFail = (v: string) => () => {
  db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
  throw new Error(`refused ${v}`);
};
const stored = (conn: Db = db) =>
  (conn.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-batcher-'));
  db = openDatabase(dir);
  db.exec('CREATE TABLE t (v TEXT PRIMARY KEY)');
  batcher = new CommitBatcher(db);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CommitBatcher (group commit)', () => {
  it('commits operations submitted in one turn of the event loop together', async () => {
    const values = await Promise.all(['a', 'b', 'c', 'd'].map((v) => batcher.submit(insert(v))));
    expect(values).toEqual(['a', 'b', 'c', 'd']);
    expect(batcher.stats).toEqual({ commits: 1, operations: 4 });
    expect(stored()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rolls back only the failing operation of a batch; its neighbours commit', async () => {
    const results = await Promise.allSettled([
      batcher.submit(insert('a')),
      batcher.submit(insertThenFail('b')),
      batcher.submit(insert('a')), // duplicate key: fails inside SQLite
      batcher.submit(insert('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('refused b');
    expect(stored()).toEqual(['a', 'c']);
    expect(batcher.stats.commits).toBe(1);
  });

  it('leaves no trace of a failing operation that is alone in its batch', async () => {
    await expect(batcher.submit(insertThenFail('x'))).rejects.toThrow('refused x');
    expect(stored()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    await batcher.submit(insert('y'));
    expect(stored()).toEqual(['y']);
  });

  it('settles a promise only once its write is committed and visible to another connection', async () => {
    const other = new Database(join(dir, 'vendpoint.db'), { readonly: true });
    try {
      const pending = batcher.submit(insert('z'));
      expect(stored(other)).toEqual([]); // queued, not yet written
      await pending;
      expect(stored(other)).toEqual(['z']);
    } finally {
      other.close();
    }
  });

  it('splits a large burst into batches of at most maxBatch operations', async () => {
    const small = new CommitBatcher(db, 3);
    await Promise.all(Array.from({ length: 7 }, (_, i) => small.submit(insert(`k${i}`))));
    expect(small.stats).toEqual({ commits: 3, operations: 7 });
    expect(stored()).toHaveLength(7);
  });
});
