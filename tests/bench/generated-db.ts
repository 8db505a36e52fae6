/**
 * The generated data directories, cached: generating 10M purchases takes minutes, so each row
 * count is generated once per schema (the migrations) and generator, kept under
 * ~/.cache/vendpoint-bench (or $VENDPOINT_BENCH_CACHE), and copied (reflinked where the file
 * system can) into a fresh directory for each run, which the run may then write to.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from './options.js';
import { root, tsx } from './lib.js';

const cacheRoot = process.env.VENDPOINT_BENCH_CACHE ?? join(homedir(), '.cache', 'vendpoint-bench');

/** Changes whenever a migration or the generator changes, so a stale cache is never used. */
function schemaVersion(): string {
  const hash = createHash('sha256');
  const migrations = join(root, 'server', 'store', 'migrations');
  for (const f of readdirSync(migrations).sort()) hash.update(f).update(readFileSync(join(migrations, f)));
  hash.update(readFileSync(join(root, 'tests', 'bench', 'generate.ts')));
  return hash.digest('hex').slice(0, 12);
}

/** The cached directory for `rows`, generated first when missing. */
export function cachedDataDir(rows: number): string {
  const dir = join(cacheRoot, `${rows}-${schemaVersion()}`);
  if (existsSync(join(dir, 'vendpoint.db'))) return dir;
  mkdirSync(cacheRoot, { recursive: true });
  const partial = mkdtempSync(join(cacheRoot, `partial-${rows}-`));
  log(`generating ${rows} stored transactions into the cache (once per row count and schema)...`);
  const t0 = performance.now();
  const gen = spawnSync(tsx, ['tests/bench/generate.ts', '--data-dir', partial, '--count', String(rows)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (gen.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error('generator failed');
  }
  log(`generated ${rows} rows in ${Math.round((performance.now() - t0) / 1000)} s`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/** A private, writable copy of the cached directory for `rows`; remove it when done. */
export function freshCopy(rows: number): string {
  const source = cachedDataDir(rows);
  const dir = mkdtempSync(join(tmpdir(), `vendpoint-bench-${rows}-`));
  const cp = spawnSync('cp', ['-r', '--reflink=auto', `${source}/.`, dir], { stdio: 'inherit' });
  if (cp.status !== 0) throw new Error('copying the generated data directory failed');
  // A plain copy leaves hundreds of MB of dirty pages that the kernel would write back in the
  // middle of the fsync-bound scenarios; write them now.
  spawnSync('sync');
  return dir;
}

/** Bytes of a data directory's database (and WAL) per stored purchase. */
export function dbBytesPerPurchase(dataDir: string, rows: number): number {
  const size = (f: string) => (existsSync(join(dataDir, f)) ? statSync(join(dataDir, f)).size : 0);
  return Math.round((size('vendpoint.db') + size('vendpoint.db-wal')) / rows);
}
