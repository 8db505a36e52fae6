import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeDidNotStart, startNodeProcess, type NodeProcess } from '../helpers/node-process.js';

/**
 * Restoring a backup by hand goes wrong in one easy way: after a crash the replaced database's
 * `-wal` is still there, and SQLite replays it onto the copied-in backup, damaging it for good
 * while the node goes on selling (found by the operations review). The node refuses that file
 * before opening it, a restored backup is integrity-checked before its first start, and
 * `restore --from` does the move itself. Real processes: the node and the CLI as an operator
 * runs them.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'vendpoint-restore-cmd-'));
const dataDir = join(dir, 'data');
const db = join(dataDir, 'vendpoint.db');
/** Every node started here, stopped at the end even when an assertion failed first. */
const started: NodeProcess[] = [];
afterAll(async () => {
  for (const n of started) await n.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const env = { ...process.env, VENDPOINT_SCHEDULES: 'off', VENDPOINT_LOG_LEVEL: 'warn' };

function cli(...args: string[]): { status: number | null; json: Record<string, unknown>; stderr: string } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', '--data-dir', dataDir, '--json', ...args],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    },
  );
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(r.stdout) as Record<string, unknown>;
  } catch {
    // no JSON: the assertion on status says more
  }
  return { status: r.status, json, stderr: r.stderr };
}

/** Starts the node; resolves once it listens, or with its exit code and output when it refuses to start. */
async function serve(): Promise<{
  listening: boolean;
  code: number | null;
  out: string;
  /** Everything printed so far: the logger writes asynchronously, so lines can follow "listening". */
  outNow: () => string;
  stop: NodeProcess['stop'];
}> {
  try {
    const node = await startNodeProcess({ dataDir });
    started.push(node);
    return { listening: true, code: null, out: node.output(), outNow: node.output, stop: node.stop };
  } catch (err) {
    if (!(err instanceof NodeDidNotStart)) throw err;
    return {
      listening: false,
      code: err.code,
      out: err.output,
      outNow: () => err.output,
      stop: async () => {},
    };
  }
}

const balance = (file: string) => {
  const d = new Database(file, { readonly: true });
  try {
    return (d.prepare(`SELECT SUM(balance_kobo) AS k FROM wallets`).get() as { k: number }).k;
  } finally {
    d.close();
  }
};

describe('restoring a backup', () => {
  let backup = '';
  let fundedAtBackup = 0;

  it('a backup copied in by hand beside the crashed node’s -wal is refused before anything opens it', async () => {
    const first = await serve();
    expect(first.listening, first.out).toBe(true);
    expect(cli('wallet', 'fund', '--code', 'DEMO', '--env', 'test', '--amount', '1000').status).toBe(0);
    const b = cli('backup');
    expect(b.status, b.stderr).toBe(0);
    backup = String(b.json.path);
    fundedAtBackup = balance(backup);
    // Written after the backup, into the running node's WAL; then the node is lost.
    for (let i = 0; i < 5; i++)
      expect(cli('wallet', 'fund', '--code', 'DEMO', '--env', 'test', '--amount', '500').status).toBe(0);
    await first.stop('SIGKILL');
    expect(existsSync(`${db}-wal`)).toBe(true);

    rmSync(join(dataDir, 'node.lock'), { force: true });
    copyFileSync(backup, db);
    const before = readFileSync(db);
    const refused = await serve();
    expect(refused.listening).toBe(false);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(
      /copied-in backup, but .*vendpoint\.db-wal beside it belongs to the database it replaced/,
    );
    expect(readFileSync(db).equals(before)).toBe(true);
    // The CLI opens it the same way, and refuses the same way.
    expect(cli('ledger', 'verify').status).toBe(2);
  }, 120_000);

  it('`restore --from` moves the replaced database and its -wal aside, and the node then starts on the backup', async () => {
    const r = cli('restore', '--from', backup);
    expect(r.status, r.stderr).toBe(0);
    const aside = String(r.json.moved_aside_to);
    expect(existsSync(join(aside, 'vendpoint.db-wal'))).toBe(true);
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(r.json.backup_taken_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const node = await serve();
    expect(node.listening, node.out).toBe(true);
    try {
      await expect.poll(node.outNow, { timeout: 30_000 }).toMatch(/started on a backup taken at/);
      // A running node's directory is not restored under it.
      const busy = cli('restore', '--from', backup);
      expect(busy.status).toBe(2);
      // Said for a restore: the node's own advice (start this one on another --data-dir) would restore the wrong directory.
      expect(String(busy.json.error)).toMatch(
        /^a VendPoint node \(process \d+\) is running on .+: stop it, then restore \(it goes on writing to the database it has open\)\. If no VendPoint runs as process \d+, delete .+node\.lock\.$/,
      );
    } finally {
      await node.stop();
    }
    const verify = cli('ledger', 'verify');
    expect(verify.status).toBe(0);
    expect(verify.json.ok).toBe(true);
    // The funds made after the backup are not in it (the operator reconciles them).
    expect(balance(db)).toBe(fundedAtBackup);
  }, 120_000);

  it('a file that is not a backup, or a damaged backup, is refused and nothing is moved', () => {
    const notBackup = cli('restore', '--from', db);
    expect(notBackup.status).toBe(2);
    expect(String(notBackup.json.error)).toMatch(/is not a VendPoint backup/);

    const damaged = join(dir, 'damaged.db');
    copyFileSync(backup, damaged);
    const d = new Database(damaged);
    const { root } = d
      .prepare(
        `SELECT rootpage AS root FROM sqlite_master WHERE type = 'index' AND name = 'purchases_msisdn'`,
      )
      .get() as { root: number };
    const pageSize = d.pragma('page_size', { simple: true }) as number;
    d.close();
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (root - 1) * pageSize);
    closeSync(fd);
    const refused = cli('restore', '--from', damaged);
    expect(refused.status).toBe(2);
    expect(String(refused.json.error)).toMatch(/fails its integrity check/);
    // Nothing was moved aside for either refusal.
    expect(readdirSync(dataDir).filter((f) => f.startsWith('replaced-'))).toHaveLength(1);
    expect(existsSync(db)).toBe(true);

    // Copied in by hand all the same, the node's start refuses it before its first sale.
    copyFileSync(damaged, db);
    const verify = cli('ledger', 'verify');
    expect(verify.status).toBe(2);
    expect(String(verify.json.error)).toMatch(/restored backup that fails its integrity check/);
  });
});
