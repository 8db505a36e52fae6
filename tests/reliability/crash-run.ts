import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { Agent, request } from 'undici';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant, updateMerchant } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { runCli } from '../helpers/cli.js';
import { ALL_PRODUCTS, requestOf, type Kind } from './live-node.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';

/**
 * The crash test: a node runs as a child process, its live traffic going to a slow
 * fault upstream; hundreds of purchases are fired at it concurrently while it is killed with
 * SIGKILL at random moments and restarted on the same data directory. At the end, with the
 * upstream answering normally again and the node's recovery and poller left to run:
 *  - every client_request_id that got any 200 answer exists;
 *  - every purchase is final, and an answer already given (00/01) never changed;
 *  - no key reached the upstream twice; every success was delivered there exactly once and
 *    every refunded purchase never arrived there (nothing delivered was refunded);
 *  - each purchase has one debit and at most one refund, and `ledger verify` is ok.
 *
 * The node runs with VENDPOINT_REQUERY_SCALE=0.01 (requery backoff and the not-found grace
 * a hundred times shorter) so recovery finishes in seconds.
 *
 * `npm run test:crash -- --kills 100` runs it long; tests/reliability/crash.test.ts runs it short.
 */

export interface CrashOptions {
  kills: number;
  /** Concurrent purchase requests while the node is up. */
  concurrency?: number;
  /** Kill between these many ms after the node answers. */
  killAfterMs?: [number, number];
  slowMs?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  attempted: number;
  accepted: number;
  answers: Record<string, number>;
  connectionErrors: number;
  stored: number;
  success: number;
  failed: number;
  /** Why purchases failed (all were refunded, none had reached the upstream). */
  failureReasons: Record<string, number>;
  pendingLeft: number;
  /** Jobs of purchases left pending, grouped (empty when all is well). */
  stuck: { state: string; poll_count: number; last_error: string | null; n: number }[];
  /** The last lines the final node logged, when something was left pending. */
  finalNodeLog?: string[];
  /** Pending purchases and unfinished jobs every 5 s while the last start recovers. */
  convergence?: string[];
  upstreamOrders: number;
  maxVendCallsPerKey: number;
  problems: string[];
  ledgerOk: boolean;
  seconds: number;
}

export const CODE = 'CRASH';
/** Children to kill if the run itself is interrupted (Ctrl-C on `npm run test:crash`). */
const cleanups = new Set<() => Promise<void>>();
// Mostly sync airtime (the slow vend is what the kill interrupts), a mix of everything else.
// prettier-ignore
const MIX: Kind[] = ['airtime', 'airtime', 'airtime', 'data', 'data-sync', 'electricity', 'cable', 'betting', 'giftcard', 'esim'];

/** Data directory with a live merchant and the fault upstream routed for every product. */
export function prepareDataDir(dataDir: string, upstreamUrl: string): { key: string; secret: string } {
  const { db } = openStore(dataDir, catalogDir(resourcesDir()));
  try {
    const m = createMerchant(db, { code: CODE, name: 'Crash Ltd' }, 'crash-run');
    updateMerchant(
      db,
      CODE,
      { allowIps: ['127.0.0.1'], liveBills: ['ELECTRICITY', 'CABLE', 'BETTING'] },
      'crash-run',
    );
    fundWallet(db, {
      merchantId: m.merchant.id,
      merchantCode: CODE,
      env: 'live',
      amountKobo: 50_000_000_000,
      reason: 'crash run',
      actor: 'crash-run',
    });
    addUpstream(
      db,
      SecretBox.forDataDir(dataDir),
      {
        name: 'slow',
        type: 'vending-api',
        baseUrl: upstreamUrl,
        merchantCode: 'VPNODE',
        keyId: 'crash-key',
        secret: 'crash-secret-value',
        options: { timeoutMs: 5_000, connectTimeoutMs: 1_000 },
        products: ALL_PRODUCTS,
      },
      'crash-run',
    );
    return { key: m.live.key, secret: m.live.secret };
  } finally {
    db.close();
  }
}

/** `serve.ts` on dataDir as a child process (requery backoff and grace 100 times shorter); `extraArgs` are more flags. */
export async function startNodeChild(dataDir: string, extraArgs: string[] = []): Promise<NodeProcess> {
  const node = await startNodeProcess({
    dataDir,
    args: ['--rate-limit', '0', ...extraArgs],
    schedules: true, // the pending poller settles what the kills left pending
    env: { VENDPOINT_REQUERY_SCALE: '0.01' },
  });
  const stop = () => node.stop('SIGKILL');
  cleanups.add(stop);
  void node.exited.then(() => cleanups.delete(stop));
  return node;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = ([a, b]: [number, number]) => a + Math.floor(Math.random() * (b - a));

export async function runCrash(opts: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-crash-'));
  const agent = new Agent({ connections: 256, headersTimeout: 60_000, bodyTimeout: 60_000 });
  let fault: FaultChild | null = null;
  let node: NodeProcess | null = null;
  /** key -> the first 200 answer's response_code. */
  const accepted = new Map<string, string>();
  const answers: Record<string, number> = {};
  const convergence: string[] = [];
  let attempted = 0;
  let connectionErrors = 0;
  let seq = 0;
  try {
    fault = await spawnFaultUpstream();
    cleanups.add(fault.kill);
    await fault.control({ mode: 'slow', slowMs: opts.slowMs ?? 400 });
    const pair = prepareDataDir(dataDir, fault.url);

    for (let life = 0; life < opts.kills; life++) {
      node = await startNodeChild(dataDir);
      let alive = true;
      const fire = async () => {
        while (alive) {
          const kind = MIX[seq % MIX.length];
          const key = `c${life}-${++seq}-${kind.slice(0, 3)}`;
          const { path, body } = requestOf(kind, CODE, key);
          attempted += 1;
          try {
            const res = await request(`${node!.url}${path}`, {
              method: 'POST',
              dispatcher: agent,
              headers: {
                'content-type': 'application/json',
                'x-merchant-key': pair.key,
                'x-merchant-secret': pair.secret,
              },
              body: JSON.stringify(body),
            });
            const json = (await res.body.json().catch(() => null)) as { response_code?: string } | null;
            const label = res.statusCode === 200 ? `200/${json?.response_code}` : String(res.statusCode);
            answers[label] = (answers[label] ?? 0) + 1;
            if (res.statusCode === 200) accepted.set(key, String(json?.response_code));
          } catch {
            connectionErrors += 1;
            if (!alive) return;
            await sleep(20);
          }
        }
      };
      const clients = Array.from({ length: opts.concurrency ?? 32 }, () => fire());
      await sleep(between(opts.killAfterMs ?? [150, 1_500]));
      alive = false;
      await node.stop('SIGKILL');
      await Promise.all(clients);
      log(`kill ${life + 1}/${opts.kills}: ${attempted} attempted, ${accepted.size} accepted so far`);
    }

    // The upstream answers normally again; the last start recovers and the poller finishes.
    await fault.control({ mode: 'ok' });
    node = await startNodeChild(dataDir);
    const db = new Database(join(dataDir, 'vendpoint.db'), { readonly: true, fileMustExist: true });
    const pendingCount = () =>
      (db.prepare(`SELECT COUNT(*) AS n FROM purchases WHERE state = 'pending'`).get() as { n: number }).n;
    const deadline = Date.now() + 60_000;
    const jobStates = () =>
      db
        .prepare(`SELECT state || ':' || COUNT(*) AS s FROM vend_jobs WHERE state <> 'done' GROUP BY state`)
        .pluck()
        .all()
        .join(' ');
    let lastSample = 0;
    while (pendingCount() > 0 && Date.now() < deadline) {
      if (Date.now() - lastSample >= 5_000) {
        lastSample = Date.now();
        convergence.push(
          `${Math.round((Date.now() - started) / 1000)}s pending ${pendingCount()} jobs ${jobStates()}`,
        );
      }
      await sleep(250);
    }
    db.close();
    const finalLog = node.output().split('\n').slice(-15);
    await node.stop();
    node = null;

    const report = await check(dataDir, fault, accepted, {
      kills: opts.kills,
      attempted,
      answers,
      connectionErrors,
      started,
    });
    if (report.pendingLeft) Object.assign(report, { finalNodeLog: finalLog, convergence });
    return report;
  } finally {
    await agent.close().catch(() => {});
    if (node) await node.stop('SIGKILL');
    if (fault) {
      await fault.kill();
      cleanups.delete(fault.kill);
    }
    if (process.env.CRASH_KEEP_DIR) console.log(`data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

async function check(
  dataDir: string,
  fault: FaultChild,
  accepted: Map<string, string>,
  run: {
    kills: number;
    attempted: number;
    answers: Record<string, number>;
    connectionErrors: number;
    started: number;
  },
): Promise<CrashReport> {
  const problems: string[] = [];
  const stats = await fault.stats();
  const db = new Database(join(dataDir, 'vendpoint.db'), { readonly: true, fileMustExist: true });
  const rows = db
    .prepare(
      `SELECT p.idem_key, p.internal_reference, p.state, p.debit_kobo, p.failure_reason,
         SUM(l.kind = 'debit') AS debits, SUM(l.kind = 'refund') AS refunds
       FROM purchases p LEFT JOIN ledger_entries l ON l.purchase_id = p.id
       WHERE p.environment = 'live' GROUP BY p.id`,
    )
    .all() as {
    idem_key: string;
    internal_reference: string;
    state: string;
    debit_kobo: number;
    failure_reason: string | null;
    debits: number;
    refunds: number;
  }[];
  // Where unfinished purchases are stuck, for diagnosis.
  const stuck = db
    .prepare(
      `SELECT j.state, j.poll_count, j.last_error, COUNT(*) AS n FROM vend_jobs j JOIN purchases p ON p.id = j.purchase_id
       WHERE p.state = 'pending' GROUP BY j.state, j.poll_count, j.last_error ORDER BY n DESC LIMIT 10`,
    )
    .all() as { state: string; poll_count: number; last_error: string | null; n: number }[];
  db.close();
  const byKey = new Map(rows.map((r) => [r.idem_key, r]));
  for (const [key, code] of accepted) {
    const r = byKey.get(key);
    if (!r) problems.push(`accepted ${key} (answered ${code}) does not exist`);
    else if (code === '00' && r.state !== 'success')
      problems.push(`${key} was answered 00 but is ${r.state}`);
    else if (code === '01' && r.state !== 'failed') problems.push(`${key} was answered 01 but is ${r.state}`);
  }
  let success = 0;
  let failed = 0;
  const failureReasons: Record<string, number> = {};
  for (const r of rows) {
    const calls = stats.vendCalls[r.internal_reference] ?? 0;
    if (r.state === 'pending') problems.push(`${r.idem_key} is still pending`);
    if (r.state === 'success') {
      success += 1;
      if (calls !== 1) problems.push(`${r.idem_key} succeeded with ${calls} vend calls upstream`);
      if (r.debits !== 1 || r.refunds)
        problems.push(`${r.idem_key} success with ${r.debits} debits, ${r.refunds} refunds`);
    }
    if (r.state === 'failed') {
      failed += 1;
      const reason = (r.failure_reason ?? '').replace(/\(.*$/, '').slice(0, 60).trim();
      failureReasons[reason] = (failureReasons[reason] ?? 0) + 1;
      // The upstream vends everything it receives here: a refunded purchase must never have arrived.
      if (calls !== 0) problems.push(`${r.idem_key} was refunded but reached the upstream ${calls} time(s)`);
      if (r.debits !== 1 || r.refunds !== 1)
        problems.push(`${r.idem_key} failed with ${r.debits} debits, ${r.refunds} refunds`);
    }
  }
  const maxCalls = Math.max(0, ...Object.values(stats.vendCalls));
  if (maxCalls > 1) problems.push(`a key reached the upstream ${maxCalls} times`);
  const known = new Set(rows.map((r) => r.internal_reference));
  for (const ref of Object.keys(stats.vendCalls))
    if (!known.has(ref)) problems.push(`upstream vend ${ref} has no local purchase`);
  const ledger = runCli(dataDir, ['--json', 'ledger', 'verify']);
  if (ledger.json?.ok !== true) problems.push(`ledger verify: ${ledger.stdout} ${ledger.stderr}`);
  return {
    kills: run.kills,
    attempted: run.attempted,
    accepted: accepted.size,
    answers: run.answers,
    connectionErrors: run.connectionErrors,
    stored: rows.length,
    success,
    failed,
    failureReasons,
    pendingLeft: rows.filter((r) => r.state === 'pending').length,
    stuck,
    upstreamOrders: Object.keys(stats.vendCalls).length,
    maxVendCallsPerKey: maxCalls,
    problems,
    ledgerOk: ledger.json?.ok === true,
    seconds: Math.round((Date.now() - run.started) / 1000),
  };
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.all([...cleanups].map((c) => c().catch(() => undefined))).then(() => process.exit(130));
    });
  }
  const { values } = parseArgs({
    options: { kills: { type: 'string', default: '100' }, concurrency: { type: 'string' } },
  });
  const kills = Number(values.kills);
  if (!Number.isInteger(kills) || kills < 1) throw new Error('--kills must be a positive integer');
  const report = await runCrash({
    kills,
    concurrency: values.concurrency ? Number(values.concurrency) : undefined,
    log: (l) => console.log(l),
  });
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.problems.length === 0 && report.ledgerOk ? 0 : 1;
}

function isMain(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
