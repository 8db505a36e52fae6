/**
 * `npm run bench [-- --json] [-- --scenarios a,b] [-- --duration S] [-- --rounds N] [-- --rows N]
 * [-- --growth-rows N] [-- --cpu-prof DIR]`: every row of the performance targets, each beside
 * its target with PASS/FAIL, servers as child processes on 127.0.0.1 and autocannon, a closed undici
 * loop (slow1k) or
 * Chromium driving them from here. Compared loads alternate in rounds (median).
 * Scenarios: create, status (create-scenario.ts); list, filtered, rss, startup, growth
 * (stored-scenario.ts); slow1k, slow5k (slow-scenario.ts); webhooks (webhook-scenario.ts);
 * console (console-scenario.ts); reconcile (reconcile-scenario.ts: 100,000 purchases of one day, or
 * `--reconcile-rows N`). `--only webhooks` is the older spelling of `--scenarios webhooks`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleSale } from './console-scenario.js';
import { createAndStatus } from './create-scenario.js';
import {
  cliOf,
  compileNode,
  load,
  median,
  createRequests,
  spawnServer,
  startNodeOn,
  stopServer,
  tsx,
} from './lib.js';
import { log, opts, wanted } from './options.js';
import { emptySection, printRows, row, type Section } from './report.js';
import { slowUpstream } from './slow-scenario.js';
import { storedRows } from './stored-scenario.js';
import { reconcileLine, reconcileTarget, runReconcileScenario } from './reconcile-scenario.js';
import { webhookScenario } from './webhook-scenario.js';

const KNOWN = [
  'create',
  'status',
  'list',
  'filtered',
  'rss',
  'startup',
  'growth',
  'slow1k',
  'slow5k',
  'webhooks',
  'console',
  'reconcile',
];

/** The webhook scenario on two fresh data directories (its own section of the figures). */
async function webhooks(): Promise<Section> {
  const out = emptySection();
  if (!wanted('webhooks')) return out;
  const plain = mkdtempSync(join(tmpdir(), 'vendpoint-bench-hooks0-'));
  const hooked = mkdtempSync(join(tmpdir(), 'vendpoint-bench-hooks1-'));
  try {
    const w = await webhookScenario(
      {
        rounds: opts.rounds,
        duration: opts.duration,
        log,
        cliOf,
        startNode: startNodeOn,
        spawnReceiver: () =>
          spawnServer([tsx, 'tests/bench/webhook-receiver.ts'], {}, /listening on (http\S+)/),
        load: (o) => load(o as never),
        createRequests,
        median,
        stop: stopServer,
      },
      { plain, hooked },
    );
    Object.assign(out.json, w);
    out.rows.push(
      row(
        'async create with a webhook endpoint',
        `${w.webhook_create_ratio}x without, delivery ${w.webhook_drain_ratio}x the create rate`,
        '>= 0.95x; delivery >= 1.0x',
        w.webhook_create_ratio >= 0.95 && w.webhook_drain_ratio >= 1,
      ),
    );
    out.lines.push(
      `webhooks: ${w.webhook_delivered} delivered, drained ${w.webhook_drain_after_load_ms} ms after the load; ` +
        `lag p50 ${w.webhook_lag_p50_ms} ms, p99 ${w.webhook_lag_p99_ms} ms`,
    );
  } finally {
    rmSync(plain, { recursive: true, force: true });
    rmSync(hooked, { recursive: true, force: true });
  }
  return out;
}

/** A day of purchases reconciled against a loopback upstream node (its own section). */
async function reconcile(): Promise<Section> {
  const out = emptySection();
  if (!wanted('reconcile')) return out;
  const f = await runReconcileScenario({ rows: opts.reconcileRows, log });
  Object.assign(out.json, f);
  out.lines.push(reconcileLine(f));
  out.rows.push(
    row(
      `reconcile a day of ${f.reconcile_rows} purchases`,
      `${f.reconcile_seconds} s, peak RSS ${f.reconcile_peak_rss_mb} MB`,
      `<= ${reconcileTarget.seconds} s`,
      f.reconcile_seconds <= reconcileTarget.seconds &&
        f.reconcile_open_exceptions === f.reconcile_seeded_exceptions,
    ),
  );
  return out;
}

async function main(): Promise<void> {
  const unknown = [...(opts.scenarios ?? [])].filter((s) => !KNOWN.includes(s));
  if (unknown.length)
    throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${KNOWN.join(', ')}`);
  compileNode();
  const sections: Section[] = [];
  // Fsync-bound and CPU-bound scenarios first, the 2-s upstream and the browser last.
  for (const run of [createAndStatus, webhooks, storedRows, slowUpstream, consoleSale, reconcile])
    sections.push(await run());
  const rows = sections.flatMap((s) => s.rows);
  const figures = {
    duration_s: opts.duration,
    rounds: opts.rounds,
    connections: opts.connections,
    stored_rows: opts.rows,
    ...Object.assign({}, ...sections.map((s) => s.json)),
    targets: rows,
    targets_failed: rows.filter((r) => !r.pass).length,
  };
  if (opts.asJson) {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  printRows(rows);
  console.log('');
  for (const line of sections.flatMap((s) => s.lines)) console.log(line);
  console.log(`compared loads: median of ${opts.rounds} alternating rounds of ${opts.duration} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
