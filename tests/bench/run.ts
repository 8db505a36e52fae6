/**
 * `npm run bench [-- --json] [-- --duration S] [-- --rounds N] [-- --rows N] [-- --cpu-prof DIR]
 * [-- --only webhooks|reconcile]`:
 * every scenario beside its baseline in one process tree on 127.0.0.1; servers run as child
 * processes, autocannon drives them from here. Compared scenarios alternate in rounds (median).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { webhookScenario } from './webhook-scenario.js';
import { printReconcileFigures, runReconcileScenario } from './reconcile-scenario.js';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const duration = Number(args[args.indexOf('--duration') + 1]) || 6;
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 3;
const connections = 50;
const log = (m: string) => {
  if (!asJson) console.error(m);
};

async function spawnServer(
  cmd: string[],
  env: Record<string, string> = {},
  match = /"url":"([^"]+)"|listening on (http\S+)/,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(cmd[0], cmd.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${cmd.join(' ')}`)), 60_000);
    lines.on('line', (line) => {
      const m = line.match(match);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? m[2]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { url, child };
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections, duration, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Every figure of a scenario's rounds, each the median (rounds are odd by default). */
function median(runs: Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    const n = sorted.length;
    return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  };
  return {
    rps: mid((f) => f.rps),
    p50: mid((f) => f.p50),
    p99: mid((f) => f.p99),
    errors: runs.reduce((n, f) => n + f.errors, 0),
    non2xx: runs.reduce((n, f) => n + f.non2xx, 0),
  };
}

function createRequests(prefix: string, headers: Record<string, string>): Omit<autocannon.Options, 'url'> {
  let n = 0;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            merchant_code: 'DEMO',
            customer_msisdn: '08031234567',
            network: 'mtn',
            product: 'airtime',
            amount: '50',
            client_request_id: `${prefix}-${n++}`,
          }),
        }),
      },
    ],
  };
}

const rows = Number(args[args.indexOf('--rows') + 1]) || 1_000_000;
const node = (script: string) => ['node', join(root, 'dist', 'server', `${script}.js`)];
// `--cpu-prof DIR`: every node server writes a V8 CPU profile there when it stops (open in
// Chrome DevTools or speedscope); profile before optimising.
const profileDir = args.includes('--cpu-prof') ? args[args.indexOf('--cpu-prof') + 1] : undefined;
const profiled = (cmd: string[]) =>
  profileDir ? [cmd[0], '--cpu-prof', '--cpu-prof-dir', profileDir, ...cmd.slice(1)] : cmd;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

const cliOf =
  (dataDir: string) =>
  (...a: string[]) =>
    JSON.parse(
      spawnSync(node('cli')[0], [node('cli')[1], '--data-dir', dataDir, '--json', ...a], {
        cwd: root,
        encoding: 'utf8',
      }).stdout,
    );

async function startNodeOn(
  dataDir: string,
  extraArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess; startupMs: number; auth: Record<string, string> }> {
  const cli = cliOf(dataDir);
  const pair = cli('credentials', 'rotate', '--code', 'DEMO', '--env', 'test');
  cli('wallet', 'fund', '--code', 'DEMO', '--env', 'test', '--amount', '100000000');
  const t0 = performance.now();
  const s = await spawnServer(
    profiled([...node('serve'), '--data-dir', dataDir, '--port', '0', '--rate-limit', '0', ...extraArgs]),
    { VENDPOINT_LOG_LEVEL: 'warn', VENDPOINT_SCHEDULES: 'off' },
    /listening on (http\S+)/,
  );
  return {
    ...s,
    startupMs: Math.round(performance.now() - t0),
    auth: { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret },
  };
}

/** The webhook scenario on two fresh data directories (its own section of the figures). */
async function runWebhookScenario() {
  const plain = mkdtempSync(join(tmpdir(), 'vendpoint-bench-hooks0-'));
  const hooked = mkdtempSync(join(tmpdir(), 'vendpoint-bench-hooks1-'));
  try {
    return await webhookScenario(
      {
        rounds,
        duration,
        log,
        cliOf,
        startNode: startNodeOn,
        spawnReceiver: () =>
          spawnServer([tsx, 'tests/bench/webhook-receiver.ts'], {}, /listening on (http\S+)/),
        load: (o) => load(o as unknown as autocannon.Options),
        createRequests,
        median,
        stop: stopServer,
      },
      { plain, hooked },
    );
  } finally {
    rmSync(plain, { recursive: true, force: true });
    rmSync(hooked, { recursive: true, force: true });
  }
}

function printWebhookFigures(w: Awaited<ReturnType<typeof runWebhookScenario>>): void {
  console.log(
    `webhooks: async create ${w.webhook_create_rps_with} req/s with an endpoint vs ${w.webhook_create_rps_without} without ` +
      `(${w.webhook_create_ratio}x, target >= 0.95); delivered ${w.webhook_delivered}, during the load ` +
      `${w.webhook_drain_ratio}x the create rate (target >= 1.0), drained ${w.webhook_drain_after_load_ms} ms after it; ` +
      `lag p50 ${w.webhook_lag_p50_ms} ms, p99 ${w.webhook_lag_p99_ms} ms`,
  );
}

async function main(): Promise<void> {
  if (args.includes('--only') && args[args.indexOf('--only') + 1] === 'reconcile') {
    const count = args.includes('--rows') ? Number(args[args.indexOf('--rows') + 1]) : 100_000;
    const f = await runReconcileScenario({ rows: count, log });
    if (asJson) process.stdout.write(`${JSON.stringify(f)}\n`);
    else printReconcileFigures(f);
    return;
  }
  if (args.includes('--only') && args[args.indexOf('--only') + 1] === 'webhooks') {
    log('compiling the node (tsc)...');
    if (spawnSync('npx', ['tsc', '-p', 'tsconfig.node.json'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('tsc failed');
    const w = await runWebhookScenario();
    if (asJson) process.stdout.write(`${JSON.stringify(w)}\n`);
    else printWebhookFigures(w);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-bench-'));
  const bigDir = mkdtempSync(join(tmpdir(), 'vendpoint-bench-1m-'));
  const children: ChildProcess[] = [];
  try {
    log('compiling the node (tsc)...');
    if (spawnSync('npx', ['tsc', '-p', 'tsconfig.node.json'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('tsc failed');
    log(`generating ${rows} stored transactions...`);
    const gen = spawnSync(tsx, ['tests/bench/generate.ts', '--data-dir', bigDir, '--count', String(rows)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (gen.status !== 0) throw new Error('generator failed');
    // The generated database is hundreds of MB of dirty pages; the kernel writes them back about
    // 30 s later, in the middle of the fsync-bound scenarios. Write them back now instead.
    spawnSync('sync');

    log('starting baseline (raw Fastify + better-sqlite3, FULL)...');
    const baseline = await spawnServer([tsx, 'tests/bench/baseline-server.ts']);
    children.push(baseline.child);
    const fresh = await startNodeOn(dataDir);
    children.push(fresh.child);

    await load({ url: `${baseline.url}/hello`, duration: 2 }); // warm-up
    await load({ url: `${fresh.url}/v1/transactions`, ...createRequests('warm', fresh.auth), duration: 2 });
    // Each compared pair runs in alternating rounds and every figure is the median of its rounds:
    // on a shared 2-core machine a single back-to-back pair can land in a noisy second.
    const createRounds: Figures[][] = [[], [], []];
    for (let r = 0; r < rounds; r++) {
      log(`create round ${r + 1}/${rounds}: baseline, node async, node sync...`);
      createRounds[0].push(
        await load({ url: `${baseline.url}/v1/transactions`, ...createRequests(`b${r}`, {}) }),
      );
      createRounds[1].push(
        await load({ url: `${fresh.url}/v1/transactions`, ...createRequests(`c${r}`, fresh.auth) }),
      );
      createRounds[2].push(
        await load({
          url: `${fresh.url}/v1/transactions/airtime/sync`,
          ...createRequests(`s${r}`, fresh.auth),
        }),
      );
    }
    const [baselineCreate, create, syncVend] = createRounds.map(median);
    const lookupRounds: Figures[][] = [[], []];
    for (let r = 0; r < rounds; r++) {
      log(`lookup round ${r + 1}/${rounds}: hello baseline, status lookup...`);
      lookupRounds[0].push(await load({ url: `${baseline.url}/hello` }));
      lookupRounds[1].push(
        await load({
          url: `${fresh.url}/v1/transactions/status?client_request_id=c0-1`,
          headers: fresh.auth,
        }),
      );
    }
    const [hello, status] = lookupRounds.map(median);
    // Wait for both to exit: a node's shutdown checkpoints its WAL, which would otherwise run
    // during the next node's start-up and be counted in it.
    await Promise.all([stopServer(fresh.child), stopServer(baseline.child)]);

    const hooks = await runWebhookScenario();

    log(`node on ${rows} transactions...`);
    const big = await startNodeOn(bigDir);
    children.push(big.child);
    const page1 = await load({ url: `${big.url}/v1/transactions?page=1&limit=10`, headers: big.auth });
    const deep = await load({ url: `${big.url}/v1/transactions?page=10000&limit=10`, headers: big.auth });
    let peakRss = rssMb(big.child.pid!);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(big.child.pid!))), 200);
    const bigCreate = await load({ url: `${big.url}/v1/transactions`, ...createRequests('m', big.auth) });
    clearInterval(sampler);

    const figures = {
      duration_s: duration,
      rounds,
      connections,
      stored_rows: rows,
      baseline_rps: baselineCreate.rps,
      baseline_p99_ms: baselineCreate.p99,
      create_rps: create.rps,
      create_p50_ms: create.p50,
      create_p99_ms: create.p99,
      create_errors: create.errors + create.non2xx,
      lookup_errors: status.errors + status.non2xx + syncVend.errors + syncVend.non2xx,
      create_ratio: Number((create.rps / baselineCreate.rps).toFixed(2)),
      hello_rps: hello.rps,
      status_rps: status.rps,
      status_p99_ms: status.p99,
      status_ratio: Number((status.rps / hello.rps).toFixed(2)),
      sync_p50_ms: syncVend.p50,
      sync_minus_async_p50_ms: Number((syncVend.p50 - create.p50).toFixed(2)),
      list_page1_p50_ms: page1.p50,
      list_page10000_p50_ms: deep.p50,
      list_page1_rps: page1.rps,
      list_page10000_rps: deep.rps,
      list_depth_ratio: Number((page1.rps / Math.max(deep.rps, 1)).toFixed(2)),
      big_create_rps: bigCreate.rps,
      rss_peak_mb: peakRss,
      startup_ms_1m: big.startupMs,
      startup_ms_empty: fresh.startupMs,
      ...hooks,
    };
    if (asJson) {
      process.stdout.write(`${JSON.stringify(figures)}\n`);
    } else {
      console.log('\nscenario                               req/s    p50 ms   p99 ms   note');
      const row = (n: string, f: Figures, note = '') =>
        console.log(
          `${n.padEnd(38)} ${String(f.rps).padStart(6)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)}   ${note}`,
        );
      row('baseline create (FULL)', baselineCreate);
      row('node async create (FULL)', create, `${figures.create_ratio}x baseline (target >= 1.0)`);
      row(
        'node sync vend (airtime/sync)',
        syncVend,
        `p50 +${figures.sync_minus_async_p50_ms} ms over async (target <= 2)`,
      );
      row('baseline hello', hello);
      row('node status lookup', status, `${figures.status_ratio}x hello (target >= 0.5)`);
      row(`list page 1 (${rows} rows)`, page1);
      row('list page 10,000', deep, `page1/deep = ${figures.list_depth_ratio} (target <= 2)`);
      row(`node async create on ${rows} rows`, bigCreate, `peak RSS ${peakRss} MB (target <= 200)`);
      console.log(
        `start-up: ${figures.startup_ms_1m} ms on ${rows} rows, ${figures.startup_ms_empty} ms empty (target <= 1000)`,
      );
      if (figures.create_errors) console.log(`(${figures.create_errors} create errors/non-2xx)`);
      if (figures.lookup_errors) console.log(`(${figures.lookup_errors} sync/status errors/non-2xx)`);
      printWebhookFigures(hooks);
      console.log(`compared pairs: median of ${rounds} alternating rounds of ${duration} s`);
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bigDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
