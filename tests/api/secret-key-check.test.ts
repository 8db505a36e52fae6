import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/**
 * A database and its secret.key go together: opened with the key missing or with another
 * directory's key, the node and the CLI refuse, changing nothing, instead of making a new key
 * that leaves every sealed secret unreadable and seals new ones with the wrong key.
 */
const root = mkdtempSync(join(tmpdir(), 'vendpoint-keycheck-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dir = (name: string) => join(root, name);
/** A command that opens the store (and, as one that sets a node up, creates a missing directory). */
const open = (d: string, env: Record<string, string> = {}) =>
  runCli(d, ['--json', 'reconcile', 'settings'], env);

describe('secret.key belongs to its database', () => {
  it('a restored database without its key file is refused, and no new key is made', () => {
    expect(open(dir('a')).status).toBe(0);
    expect(open(dir('b')).status).toBe(0);
    const key = join(dir('a'), 'secret.key');
    const original = readFileSync(key, 'utf8');
    rmSync(key);
    const r = open(dir('a'));
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/secret\.key is missing, but the database in .* was sealed with one/);
    expect(existsSync(key)).toBe(false);

    // Another directory's key is refused too.
    copyFileSync(join(dir('b'), 'secret.key'), key);
    const foreign = open(dir('a'));
    expect(foreign.status).not.toBe(0);
    expect(foreign.json.error).toMatch(/is not the key the database .* was sealed with/);

    // The right key back: it opens.
    rmSync(key);
    writeFileSync(key, original, { mode: 0o600 });
    expect(open(dir('a')).status).toBe(0);
  });

  it('a key lost for good can be replaced, explicitly, once', () => {
    rmSync(join(dir('b'), 'secret.key'));
    expect(open(dir('b')).status).not.toBe(0);
    expect(open(dir('b'), { VENDPOINT_REPLACE_LOST_SECRET_KEY: '1' }).status).toBe(0);
    // From then on the new key is the database's own.
    expect(open(dir('b')).status).toBe(0);
  });

  it('a directory from before the key check holding only a webhook signing secret refuses another key', () => {
    const d = dir('webhook-only');
    const added = runCli(d, [
      '--json',
      'webhook',
      'add',
      '--code',
      'DEMO',
      '--env',
      'test',
      '--url',
      'http://127.0.0.1:7671/hook',
      '--allow-private-webhooks',
    ]);
    expect(added.status, added.stdout + added.stderr).toBe(0);
    // As a version from before the check left it: nothing records which key sealed the secret.
    const db = new Database(join(d, 'vendpoint.db'));
    try {
      db.prepare(`DELETE FROM settings WHERE key = 'secret_key.check'`).run();
      expect(db.prepare(`SELECT COUNT(*) AS n FROM upstreams`).get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
    const key = join(d, 'secret.key');
    const original = readFileSync(key, 'utf8');
    copyFileSync(join(dir('a'), 'secret.key'), key);
    const foreign = open(d);
    expect(foreign.status).toBe(2);
    expect(foreign.json.error).toMatch(/is not the key the database .* was sealed with: it cannot open/);
    writeFileSync(key, original, { mode: 0o600 });
    expect(open(d).status).toBe(0);
  });

  it('backup (the CLI) writes a complete copy marked as a backup, beside the database', () => {
    const r = runCli(dir('a'), ['--json', 'backup']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({
      integrity: 'ok',
      path: expect.stringContaining(join(dir('a'), 'backups')),
    });
    const copy = new Database(r.json.path, { readonly: true });
    try {
      const taken = copy.prepare(`SELECT value FROM settings WHERE key = 'backup.taken_at'`).get() as {
        value: string;
      };
      expect(JSON.parse(taken.value)).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    // The live database is not marked.
    const live = new Database(join(dir('a'), 'vendpoint.db'), { readonly: true });
    try {
      expect(live.prepare(`SELECT 1 FROM settings WHERE key = 'backup.taken_at'`).get()).toBeUndefined();
    } finally {
      live.close();
    }
  });
});
