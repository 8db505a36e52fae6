/**
 * `npm run bench [-- --json] [-- --duration S]`: every scenario beside its baseline in one
 * process tree on 127.0.0.1; servers run as child processes, autocannon drives them from here.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const duration = Number(args[args.indexOf('--duration') + 1]) || 8;
const connections = 50;
const log = (m: string) => {
  if (!asJson) console.error(m);
};

async function spawnServer(cmd: string[], env: Record<string, string> = {}, match = /"url":"([^"]+)"|listening on (http\S+)/): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(cmd[0], cmd.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
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

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections, duration, ...opts });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
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
          body: JSON.stringify({ merchant_code: 'DEMO', customer_msisdn: '08031234567', network: 'mtn', product: 'airtime', amount: '50', client_request_id: `${prefix}-${n++}` }),
        }),
      },
    ],
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-bench-'));
  const children: ChildProcess[] = [];
  try {
    log('starting baseline (raw Fastify + better-sqlite3, FULL)...');
    const baseline = await spawnServer([tsx, 'tests/bench/baseline-server.ts']);
    children.push(baseline.child);
    log('starting the node...');
    const node = await spawnServer([tsx, 'server/serve.ts', '--data-dir', dataDir, '--port', '0', '--rate-limit', '0'], { VENDPOINT_LOG_LEVEL: 'warn', VENDPOINT_SCHEDULES: 'off' }, /listening on (http\S+)/);
    children.push(node.child);
    const cli = (...a: string[]) => JSON.parse(spawnSync(tsx, ['server/cli.ts', '--data-dir', dataDir, '--json', ...a], { cwd: root, encoding: 'utf8' }).stdout);
    const pair = cli('credentials', 'rotate', '--code', 'DEMO', '--env', 'test');
    cli('wallet', 'fund', '--code', 'DEMO', '--env', 'test', '--amount', '100000000');
    const auth = { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret };

    await load({ url: `${baseline.url}/hello`, duration: 2 }); // warm-up
    log('baseline create...');
    const baselineCreate = await load({ url: `${baseline.url}/v1/transactions`, ...createRequests('b', {}) });
    log('node create (POST /v1/transactions)...');
    await load({ url: `${node.url}/v1/transactions`, ...createRequests('warm', auth), duration: 2 });
    const create = await load({ url: `${node.url}/v1/transactions`, ...createRequests('c', auth) });
    log('hello baseline...');
    const hello = await load({ url: `${baseline.url}/hello` });
    log('node status lookup...');
    const status = await load({ url: `${node.url}/v1/transactions/status?client_request_id=c-1`, headers: auth });

    const figures = {
      duration_s: duration,
      connections,
      baseline_rps: baselineCreate.rps,
      baseline_p99_ms: baselineCreate.p99,
      create_rps: create.rps,
      create_p50_ms: create.p50,
      create_p99_ms: create.p99,
      create_errors: create.errors + create.non2xx,
      create_ratio: Number((create.rps / baselineCreate.rps).toFixed(2)),
      hello_rps: hello.rps,
      status_rps: status.rps,
      status_p99_ms: status.p99,
      status_ratio: Number((status.rps / hello.rps).toFixed(2)),
    };
    if (asJson) {
      process.stdout.write(`${JSON.stringify(figures)}\n`);
    } else {
      console.log('\nscenario                         req/s    p50 ms   p99 ms   ratio');
      const row = (n: string, f: Figures, ratio = '') => console.log(`${n.padEnd(32)} ${String(f.rps).padStart(6)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)}   ${ratio}`);
      row('baseline create (FULL)', baselineCreate);
      row('node async create (FULL)', create, `${figures.create_ratio}x baseline`);
      row('baseline hello', hello);
      row('node status lookup', status, `${figures.status_ratio}x hello`);
      if (figures.create_errors) console.log(`(${figures.create_errors} create errors/non-2xx)`);
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
