/**
 * The reconciliation scenario (`npm run bench -- --only reconcile [-- --rows N]`): one business
 * day of N purchases (100,000 by default) on our node and the same keys on an upstream node,
 * both written straight into SQLite, a few of each exception kind among them. The upstream runs
 * as its own process on 127.0.0.1; the run happens in a child process of its own, which reports
 * its seconds and its peak RSS (before and after), so the figure is the run's alone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant, updateMerchant } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { UpstreamRouter } from '../../server/routing/upstream-router.js';
import { runReconciliation } from '../../server/reports/reconciliation-run.js';
import { silentLog } from '../../server/reports/delivery-service.js';
import { seedReconciliationDay, type SeedRow } from '../helpers/reconcile-seed.js';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const DAY = '2026-06-15';
// Africa/Lagos (UTC+1): the business day starts at 23:00 UTC the day before.
const DAY_START = Date.parse('2026-06-14T23:00:00.000Z');

export interface ReconcileFigures {
  reconcile_rows: number;
  reconcile_seconds: number;
  reconcile_rows_per_s: number;
  reconcile_rss_before_mb: number;
  reconcile_peak_rss_mb: number;
  reconcile_open_exceptions: number;
  reconcile_upstream_rows: number;
  /** Exceptions written into the day on purpose: the run must find exactly these. */
  reconcile_seeded_exceptions: number;
}

/** The target: a day of 100,000 purchases within a minute on the 2-core machine. */
export const reconcileTarget = { seconds: 60 };

/** Rows 1..5 of every 10,000 carry one exception kind each (see rowsOfDay). */
const seededExceptions = (count: number): number =>
  Array.from({ length: count }, (_, i) => i % 10_000).filter((k) => k >= 1 && k <= 5).length;

function rowsOfDay(count: number): SeedRow[] {
  const step = Math.floor((86_400_000 - 10_000) / count);
  return Array.from({ length: count }, (_, i): SeedRow => {
    const at = new Date(DAY_START + 5_000 + i * step).toISOString();
    // One in 10,000 of each exception kind; the rest agree (one in 50 failed on both sides).
    switch (i % 10_000) {
      case 1:
        return { ours: 'success', theirs: 'success', amountKobo: 50_000, theirAmountKobo: 45_000, at };
      case 2:
        return { ours: 'success', theirs: 'failed', amountKobo: 20_000, at };
      case 3:
        return { ours: 'failed', theirs: 'success', amountKobo: 30_000, at };
      case 4:
        return { ours: 'success', theirs: null, amountKobo: 10_000, at };
      case 5:
        return { ours: null, theirs: 'success', amountKobo: 10_000, at };
      default:
        return {
          ours: i % 50 === 0 ? 'failed' : 'success',
          theirs: i % 50 === 0 ? 'failed' : 'success',
          amountKobo: 5_000 + (i % 20) * 500,
          at,
        };
    }
  });
}

/** Both data directories, initialised, with the merchants and the day written in. */
function prepare(ours: string, theirs: string, count: number): { key: string; secret: string } {
  const a = openStore(ours, catalogDir(resourcesDir())).db;
  const b = openStore(theirs, catalogDir(resourcesDir())).db;
  try {
    const fund = (db: typeof a, id: number, code: string) =>
      fundWallet(db, {
        merchantId: id,
        merchantCode: code,
        env: 'live',
        amountKobo: count * 100_000,
        reason: 'bench',
        actor: 'bench',
      });
    const up = createMerchant(b, { code: 'UP', name: 'Us at the upstream' }, 'bench');
    updateMerchant(b, 'UP', { allowIps: ['127.0.0.1'] }, 'bench');
    fund(b, up.merchant.id, 'UP');
    const shop = createMerchant(a, { code: 'SHOP', name: 'Shop' }, 'bench');
    fund(a, shop.merchant.id, 'SHOP');
    for (const db of [a, b]) db.pragma('synchronous = OFF'); // generation only
    seedReconciliationDay(
      { db: a, merchantId: shop.merchant.id, upstreamName: 'up' },
      { db: b, merchantId: up.merchant.id },
      rowsOfDay(count),
    );
    for (const db of [a, b]) db.pragma('wal_checkpoint(TRUNCATE)');
    return up.live;
  } finally {
    a.close();
    b.close();
  }
}

function startUpstream(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(tsx, ['server/serve.ts', '--data-dir', dataDir, '--port', '0', '--rate-limit', '0'], {
    cwd: root,
    env: { ...process.env, VENDPOINT_LOG_LEVEL: 'warn', VENDPOINT_SCHEDULES: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('upstream node did not start')), 60_000);
    lines.on('line', (line) => {
      const m = /listening on (http\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    });
    child.once('exit', (code) => reject(new Error(`upstream node exited ${code}`)));
  });
}

/** The child: one reconciliation run of the day, timed, with this process's peak RSS. */
async function runChild(dataDir: string): Promise<void> {
  const mb = (kb: number) => Math.round(kb / 1024);
  const { db } = openStore(dataDir, catalogDir(resourcesDir()));
  const box = SecretBox.forDataDir(dataDir);
  const router = new UpstreamRouter(db, box);
  const rssBefore = process.resourceUsage().maxRSS;
  const t0 = performance.now();
  const r = await runReconciliation(
    { db, box, router, flagSmtpUrl: null, now: Date.now, nodeUrl: null, log: silentLog },
    { day: DAY, actor: 'bench' },
  );
  const seconds = (performance.now() - t0) / 1000;
  await router.close();
  db.close();
  const run = r.runs[0];
  if (!run || run.state !== 'done') throw new Error(`run failed: ${run?.error ?? 'no run'}`);
  process.stdout.write(
    `${JSON.stringify({
      seconds,
      rss_before_mb: mb(rssBefore),
      peak_rss_mb: mb(process.resourceUsage().maxRSS),
      open: run.openExceptions,
      our_rows: run.ourRows,
      upstream_rows: run.upstreamRows,
    })}\n`,
  );
}

export async function runReconcileScenario(opts: {
  rows: number;
  log: (m: string) => void;
}): Promise<ReconcileFigures> {
  const ours = mkdtempSync(join(tmpdir(), 'vendpoint-bench-recon-ours-'));
  const theirs = mkdtempSync(join(tmpdir(), 'vendpoint-bench-recon-up-'));
  let upstream: ChildProcess | null = null;
  try {
    opts.log(`reconcile: writing ${opts.rows} purchases on both sides...`);
    const live = prepare(ours, theirs, opts.rows);
    const up = await startUpstream(theirs);
    upstream = up.child;
    const { db } = openStore(ours, catalogDir(resourcesDir()));
    addUpstream(
      db,
      SecretBox.forDataDir(ours),
      {
        name: 'up',
        type: 'vending-api',
        baseUrl: up.url,
        merchantCode: 'UP',
        keyId: live.key,
        secret: live.secret,
      },
      'bench',
    );
    db.close();
    opts.log('reconcile: running the day...');
    const child = spawnSync(
      tsx,
      [join('tests', 'bench', 'reconcile-scenario.ts'), '--child', '--data-dir', ours],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (child.status !== 0) throw new Error('reconciliation run failed');
    const f = JSON.parse(child.stdout) as {
      seconds: number;
      rss_before_mb: number;
      peak_rss_mb: number;
      open: number;
      our_rows: number;
      upstream_rows: number;
    };
    return {
      reconcile_rows: f.our_rows,
      reconcile_seconds: Math.round(f.seconds * 10) / 10,
      reconcile_rows_per_s: Math.round(f.our_rows / f.seconds),
      reconcile_rss_before_mb: f.rss_before_mb,
      reconcile_peak_rss_mb: f.peak_rss_mb,
      reconcile_open_exceptions: f.open,
      reconcile_upstream_rows: f.upstream_rows,
      reconcile_seeded_exceptions: seededExceptions(opts.rows),
    };
  } finally {
    if (upstream && upstream.exitCode === null) {
      const exited = new Promise((r) => upstream!.once('exit', r));
      upstream.kill('SIGTERM');
      await exited;
    }
    rmSync(ours, { recursive: true, force: true });
    rmSync(theirs, { recursive: true, force: true });
  }
}

export function reconcileLine(f: ReconcileFigures): string {
  return (
    `reconcile: ${f.reconcile_rows} purchases against ${f.reconcile_upstream_rows} upstream rows in ${f.reconcile_seconds} s ` +
    `(${f.reconcile_rows_per_s} rows/s, target <= 60 s); RSS ${f.reconcile_rss_before_mb} MB before, peak ${f.reconcile_peak_rss_mb} MB; ` +
    `${f.reconcile_open_exceptions} exceptions open of ${f.reconcile_seeded_exceptions} seeded`
  );
}

const { values } = parseArgs({
  options: { child: { type: 'boolean' }, 'data-dir': { type: 'string' } },
  strict: false,
});
if (values.child) await runChild(String(values['data-dir']));
