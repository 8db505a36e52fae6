/** What every bench scenario shares: child servers, autocannon load, medians, RSS, the CLI. */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { opts } from './options.js';

export const root = join(import.meta.dirname, '..', '..');
export const tsx = join(root, 'node_modules', '.bin', 'tsx');

export async function spawnServer(
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
    const timer = setTimeout(() => reject(new Error(`server did not start: ${cmd.join(' ')}`)), 120_000);
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

export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(o: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: opts.connections, duration: opts.duration, ...o });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Every figure of a scenario's rounds, each the median (rounds are odd by default). */
export function median(runs: Figures[]): Figures {
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

/** Runs each named load once per round, alternating, and gives each one's median. */
export async function alternate<K extends string>(
  what: string,
  loads: Record<K, () => Promise<Figures>>,
): Promise<Record<K, Figures>> {
  const runs = {} as Record<K, Figures[]>;
  for (let r = 0; r < opts.rounds; r++) {
    if (!opts.asJson)
      console.error(`${what} round ${r + 1}/${opts.rounds}: ${Object.keys(loads).join(', ')}...`);
    for (const k of Object.keys(loads) as K[]) (runs[k] ??= []).push(await loads[k]());
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v as Figures[])])) as Record<
    K,
    Figures
  >;
}

export function createRequests(
  prefix: string,
  headers: Record<string, string>,
  merchantCode = 'DEMO',
): Omit<autocannon.Options, 'url'> {
  let n = 0;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            merchant_code: merchantCode,
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

/**
 * A node command: `serve` is the bundle `npm run serve` runs (dist/headless, scripts/build-node.mjs),
 * the others (the CLI) tsc's dist/server.
 */
export const node = (script: string) => [
  'node',
  script === 'serve'
    ? join(root, 'dist', 'headless', 'serve.js')
    : join(root, 'dist', 'server', `${script}.js`),
];
export const profiled = (cmd: string[]) =>
  opts.profileDir ? [cmd[0], '--cpu-prof', '--cpu-prof-dir', opts.profileDir, ...cmd.slice(1)] : cmd;

export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return 0; // the process is gone
  }
}

/** Samples a process's RSS every 200 ms until stopped; the peak. */
export function rssPeak(pid: number): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

export const cliOf =
  (dataDir: string) =>
  (...a: string[]) =>
    JSON.parse(
      spawnSync(node('cli')[0], [node('cli')[1], '--data-dir', dataDir, '--json', ...a], {
        cwd: root,
        encoding: 'utf8',
      }).stdout,
    );

export interface BenchNode {
  url: string;
  child: ChildProcess;
  startupMs: number;
  auth: Record<string, string>;
}

/** A node (compiled, as a child) on dataDir with a fresh DEMO test pair and a funded test wallet. */
export async function startNodeOn(
  dataDir: string,
  extraArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<BenchNode> {
  const cli = cliOf(dataDir);
  const pair = cli('credentials', 'rotate', '--code', 'DEMO', '--env', 'test');
  cli('wallet', 'fund', '--code', 'DEMO', '--env', 'test', '--amount', '100000000');
  // Whatever the CLI left in the page cache or WAL is not the node's start-up.
  spawnSync('sync');
  const t0 = performance.now();
  const s = await spawnServer(
    profiled([...node('serve'), '--data-dir', dataDir, '--port', '0', '--rate-limit', '0', ...extraArgs]),
    { VENDPOINT_LOG_LEVEL: 'warn', VENDPOINT_SCHEDULES: 'off', ...env },
    /listening on (http\S+)/,
  );
  return {
    ...s,
    startupMs: Math.round(performance.now() - t0),
    auth: { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret },
  };
}

/** tsc for the CLI (dist/server), esbuild for the node (dist/headless), as `npm run build` does. */
export function compileNode(): void {
  if (!opts.asJson) console.error('compiling the node (tsc, then the esbuild bundle)...');
  if (spawnSync('npx', ['tsc', '-p', 'tsconfig.node.json'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('tsc failed');
  // The build's own line goes to stderr, so `--json` keeps stdout to its one object.
  const bundled = spawnSync(
    process.execPath,
    ['scripts/build-node.mjs', ...(opts.asJson ? ['--quiet'] : [])],
    {
      cwd: root,
      stdio: ['ignore', 2, 'inherit'],
    },
  );
  if (bundled.status !== 0) throw new Error('bundling the node failed (scripts/build-node.mjs)');
}

/** a / b to two decimals (0 when b is 0). */
export const ratio = (a: number, b: number): number => (b ? Number((a / b).toFixed(2)) : 0);

/**
 * Resolves once a server has worked through what a load left queued (autocannon stops sending,
 * but requests it already sent are still run, and synchronous SQLite work blocks the event
 * loop meanwhile): its health check is answered quickly twice in a row, or 10 minutes passed.
 */
export async function idle(url: string): Promise<void> {
  const end = Date.now() + 600_000;
  for (let quick = 0; quick < 2 && Date.now() < end;) {
    const t0 = performance.now();
    const res = await request(`${url}/v1/healthz`, { headersTimeout: 600_000, bodyTimeout: 600_000 });
    await res.body.dump();
    quick = performance.now() - t0 < 200 ? quick + 1 : 0;
  }
}

/** A load followed by waiting for the server to be idle, so the next load starts clean. */
export const thenIdle = (url: string, run: () => Promise<Figures>) => async (): Promise<Figures> => {
  const f = await run();
  await idle(url);
  return f;
};

export interface ClosedLoopFigures {
  /** Answers completed inside the measured window, per second. */
  rps: number;
  /** Latency of the requests sent inside the measured window (each waited for to its answer). */
  p50: number;
  p99: number;
  max: number;
  /** Over the whole run, ramp and warm-up included. */
  all: { requests: number; p50: number; p99: number; max: number };
  statusCodes: Record<string, number>;
  errors: number;
}

/**
 * A closed loop of `connections` HTTP/1.1 keep-alive connections (undici), each sending its next
 * request as soon as the previous one is answered, for `rampS + warmupS + durationS` seconds.
 * The connections start spread evenly over `rampS` (clients arriving, not all in the same
 * millisecond); figures are taken over the last `durationS` seconds only (steady state), with
 * the whole run's figures beside them. Latency is measured per request to its answer, also for
 * requests still open when the window closes (autocannon drops those, and it counts throughput
 * in whole-second samples that a 2-s answer cannot fill evenly).
 */
export async function closedLoop(o: {
  url: string;
  connections: number;
  rampS: number;
  warmupS: number;
  durationS: number;
  headers: Record<string, string>;
  body: () => string;
}): Promise<ClosedLoopFigures> {
  const { Pool } = await import('undici');
  const target = new URL(o.url);
  const pool = new Pool(target.origin, {
    connections: o.connections,
    pipelining: 1,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
    keepAliveTimeout: 60_000,
  });
  const t0 = performance.now();
  const from = t0 + (o.rampS + o.warmupS) * 1_000;
  const to = from + o.durationS * 1_000;
  const windowLatencies: number[] = [];
  const allLatencies: number[] = [];
  let completedInWindow = 0;
  let errors = 0;
  const statusCodes: Record<string, number> = {};
  const worker = async (i: number) => {
    await new Promise((r) => setTimeout(r, (o.rampS * 1_000 * i) / o.connections));
    while (performance.now() < to) {
      const start = performance.now();
      try {
        const res = await pool.request({
          path: target.pathname + target.search,
          method: 'POST',
          headers: o.headers,
          body: o.body(),
        });
        await res.body.dump();
        statusCodes[res.statusCode] = (statusCodes[res.statusCode] ?? 0) + 1;
      } catch {
        errors++;
        continue;
      }
      const end = performance.now();
      allLatencies.push(end - start);
      if (start >= from && start < to) windowLatencies.push(end - start);
      if (end >= from && end < to) completedInWindow++;
    }
  };
  await Promise.all(Array.from({ length: o.connections }, (_, i) => worker(i)));
  await pool.close();
  const pct = (a: number[], q: number) => {
    if (a.length === 0) return 0;
    const s = [...a].sort((x, y) => x - y);
    return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))]);
  };
  return {
    rps: Math.round(completedInWindow / o.durationS),
    p50: pct(windowLatencies, 0.5),
    p99: pct(windowLatencies, 0.99),
    max: pct(windowLatencies, 1),
    all: {
      requests: allLatencies.length,
      p50: pct(allLatencies, 0.5),
      p99: pct(allLatencies, 0.99),
      max: pct(allLatencies, 1),
    },
    statusCodes,
    errors,
  };
}
