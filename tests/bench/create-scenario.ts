/**
 * Scenarios `create` and `status`: the node on an empty data directory beside raw baselines,
 * in alternating rounds. `create`: durable async create (FULL) against raw Fastify +
 * better-sqlite3 at synchronous=FULL and at synchronous=NORMAL, and the sync vend's extra
 * latency; `status`: the status lookup against a Fastify hello route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, createRequests, load, ratio, spawnServer, startNodeOn, stopServer, tsx } from './lib.js';
import { log, wanted } from './options.js';
import { emptySection, row, type Section } from './report.js';

export async function createAndStatus(): Promise<Section> {
  const out = emptySection();
  if (!wanted('create') && !wanted('status')) return out;
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-bench-'));
  log(
    'starting baselines (raw Fastify + better-sqlite3, FULL and NORMAL) and a node on an empty data directory...',
  );
  const full = await spawnServer([tsx, 'tests/bench/baseline-server.ts'], { BASELINE_SYNC: 'FULL' });
  const normal = await spawnServer([tsx, 'tests/bench/baseline-server.ts'], { BASELINE_SYNC: 'NORMAL' });
  const fresh = await startNodeOn(dataDir);
  try {
    await load({ url: `${full.url}/hello`, duration: 2 }); // warm-up
    await load({ url: `${fresh.url}/v1/transactions`, ...createRequests('warm', fresh.auth), duration: 2 });
    out.json.startup_ms_empty = fresh.startupMs;
    let statusKey = 'warm-1';
    if (wanted('create')) {
      let r = 0;
      const f = await alternate('create', {
        full: () => load({ url: `${full.url}/v1/transactions`, ...createRequests(`b${r}`, {}) }),
        normal: () => load({ url: `${normal.url}/v1/transactions`, ...createRequests(`n${r}`, {}) }),
        create: () => load({ url: `${fresh.url}/v1/transactions`, ...createRequests(`c${r}`, fresh.auth) }),
        sync: () =>
          load({
            url: `${fresh.url}/v1/transactions/airtime/sync`,
            ...createRequests(`s${r++}`, fresh.auth),
          }),
      });
      statusKey = 'c0-1';
      Object.assign(out.json, {
        baseline_rps: f.full.rps,
        baseline_p99_ms: f.full.p99,
        baseline_normal_rps: f.normal.rps,
        baseline_normal_p99_ms: f.normal.p99,
        create_rps: f.create.rps,
        create_p50_ms: f.create.p50,
        create_p99_ms: f.create.p99,
        create_errors: f.create.errors + f.create.non2xx,
        create_ratio: ratio(f.create.rps, f.full.rps),
        create_ratio_normal: ratio(f.create.rps, f.normal.rps),
        sync_p50_ms: f.sync.p50,
        sync_errors: f.sync.errors + f.sync.non2xx,
        sync_minus_async_p50_ms: Number((f.sync.p50 - f.create.p50).toFixed(2)),
      });
      out.rows.push(
        row(
          'durable async create (FULL)',
          `${out.json.create_ratio_normal}x raw NORMAL (${f.create.rps} vs ${f.normal.rps} req/s)`,
          '>= 1.0x raw baseline at synchronous=NORMAL',
          f.create.rps >= f.normal.rps && out.json.create_errors === 0,
        ),
      );
      out.lines.push(
        `create: node ${f.create.rps} req/s (p50 ${f.create.p50} ms, p99 ${f.create.p99} ms), raw FULL ${f.full.rps}, ` +
          `raw NORMAL ${f.normal.rps}; ${out.json.create_ratio}x FULL; sync vend p50 +${out.json.sync_minus_async_p50_ms} ms over async`,
      );
    }
    if (wanted('status')) {
      const f = await alternate('lookup', {
        hello: () => load({ url: `${full.url}/hello` }),
        status: () =>
          load({
            url: `${fresh.url}/v1/transactions/status?client_request_id=${statusKey}`,
            headers: fresh.auth,
          }),
      });
      Object.assign(out.json, {
        hello_rps: f.hello.rps,
        status_rps: f.status.rps,
        status_p99_ms: f.status.p99,
        status_ratio: ratio(f.status.rps, f.hello.rps),
        lookup_errors: f.status.errors + f.status.non2xx,
      });
      out.rows.push(
        row(
          'status lookup',
          `${out.json.status_ratio}x hello (${f.status.rps} vs ${f.hello.rps} req/s)`,
          '>= 0.9x Fastify hello',
          Number(out.json.status_ratio) >= 0.9 && out.json.lookup_errors === 0,
        ),
      );
    }
  } finally {
    // Wait for all to exit: a node's shutdown checkpoints its WAL, which would otherwise run
    // during the next node's start-up and be counted in it.
    await Promise.all([stopServer(fresh.child), stopServer(full.child), stopServer(normal.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}
