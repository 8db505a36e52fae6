/**
 * Scenarios `slow1k` and `slow5k`: sync airtime vends (live, so they really leave the node)
 * through a vending-api provider on 127.0.0.1 that answers every vend after 2 s
 * (slow-upstream.ts), at 1,000 and at 5,000 concurrent connections. The node runs with its
 * default limits (in flight per upstream, waiting purchases). After the load the scenario waits
 * for every stored purchase to be final and checks them against the provider's count; then
 * `ledger verify`.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { CODE, prepareDataDir } from '../reliability/crash-run.js';
import autocannon from 'autocannon';
import {
  cliOf,
  closedLoop,
  type ClosedLoopFigures,
  createRequests,
  rssPeak,
  spawnServer,
  startNodeOn,
  stopServer,
  tsx,
} from './lib.js';
import { log, opts, wanted } from './options.js';
import { emptySection, row, type Section } from './report.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface SlowFigures {
  rps: number;
  p50: number;
  p99: number;
  /** The whole run's latency, ramp and warm-up included. */
  all: { requests: number; p50: number; p99: number; max: number };
  ok: number;
  refused: number;
  errors: number;
  other: number;
  retryAfter: string | null;
  rss: number;
  stored: number;
  pendingLeft: number;
  upstreamVends: number;
  /** Vends the provider received for a key it had already vended: must be 0. */
  upstreamRepeats: number;
  /** Keys the provider vended that no stored purchase has: must be 0. */
  upstreamStrangers: number;
  upstreamMaxOpen: number;
  /** Requests at the provider that were not vends (the node's scheduled balance and list reads). */
  upstreamOther: number;
  ledgerOk: boolean;
}

// The connections open over one answer's time (2 s) and run one more before the measured
// window: the steady state is measured, not a thousand first requests in one millisecond.
const RAMP_S = 2;
const WARMUP_S = 2;

type LoadFigures = Pick<ClosedLoopFigures, 'rps' | 'p50' | 'p99' | 'all' | 'statusCodes' | 'errors'>;

function steadyLoad(url: string, auth: Record<string, string>, connections: number, duration: number) {
  let seq = 0;
  return closedLoop({
    url,
    connections,
    rampS: RAMP_S,
    warmupS: WARMUP_S,
    durationS: duration,
    headers: { 'content-type': 'application/json', ...auth },
    body: () =>
      JSON.stringify({
        merchant_code: CODE,
        customer_msisdn: '08031234567',
        network: 'mtn',
        product: 'airtime',
        amount: '50',
        client_request_id: `slow${connections}-${seq++}`,
      }),
  });
}

async function herdLoad(
  url: string,
  auth: Record<string, string>,
  connections: number,
  duration: number,
): Promise<LoadFigures> {
  const r = await autocannon({
    url,
    connections,
    duration,
    timeout: 60,
    ...createRequests(`slow${connections}`, auth, CODE),
  });
  const codes = r.statusCodeStats as unknown as Record<string, { count: number }>;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    all: { requests: r['2xx'] + r.non2xx, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    statusCodes: Object.fromEntries(Object.entries(codes).map(([c, v]) => [c, v.count])),
    errors: r.errors + r.timeouts,
  };
}

async function slowRun(connections: number, probeRefusals: boolean): Promise<SlowFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), `vendpoint-bench-slow${connections}-`));
  const upstream = await spawnServer([tsx, 'tests/bench/slow-upstream.ts', '--delay-ms', '2000']);
  let nodeChild: Awaited<ReturnType<typeof startNodeOn>>['child'] | null = null;
  try {
    const pair = prepareDataDir(dataDir, upstream.url);
    // The poller runs (requery backoff 20 times shorter): a vend whose answer was lost under the
    // load is requeried to its final state, as in production, within the scenario's wait.
    const n = await startNodeOn(dataDir, [], { VENDPOINT_SCHEDULES: 'on', VENDPOINT_REQUERY_SCALE: '0.05' });
    nodeChild = n.child;
    const auth = { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret };
    const url = `${n.url}/v1/transactions/airtime/sync`;
    // A 2-s answer needs a few rounds of it to say anything about p99.
    const duration = Math.max(opts.duration, 10);
    // The connections open over one answer's time (2 s) and run one more before the measured
    // window: the steady state is measured, not a thousand first requests in one millisecond.
    const lead = connections <= 1_000 ? RAMP_S + WARMUP_S : 0;
    log(`slow upstream: ${connections} connections of sync vends for ${lead} + ${duration} s...`);
    const peak = rssPeak(n.child.pid!);
    // One refused answer's headers, seen from outside while the load runs.
    let retryAfter: string | null = null;
    const probe = (async () => {
      // Bursts beside the load's own connections until one meets a full node (or the load ends).
      // A burst is not awaited: an accepted probe is held for the provider's 2 s, and waiting for
      // it let whole runs pass without a probe landing while the node was full.
      const stopAt = Date.now() + (lead + duration) * 1_000;
      const sent: Promise<void>[] = [];
      for (let burst = 0; probeRefusals && retryAfter === null && Date.now() < stopAt; burst++) {
        await sleep(250);
        for (let i = 0; i < 50; i++)
          sent.push(
            (async () => {
              const res = await request(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...auth },
                body: JSON.stringify({
                  merchant_code: CODE,
                  customer_msisdn: '08031234567',
                  network: 'mtn',
                  amount: '50',
                  client_request_id: `probe-${burst}-${i}`,
                }),
                headersTimeout: 120_000,
              });
              await res.body.dump();
              if (res.statusCode === 503 || res.statusCode === 429)
                retryAfter ??= String(res.headers['retry-after']);
            })(),
          );
      }
      await Promise.allSettled(sent);
    })();
    // 1,000 connections: the steady state in a closed loop (lib.ts closedLoop). 5,000: what
    // matters is the refusal of the excess and no lost purchase, so autocannon's herd of
    // simultaneous connections is kept there, as a harder start.
    const r =
      connections <= 1_000
        ? await steadyLoad(url, auth, connections, duration)
        : await herdLoad(url, auth, connections, duration);
    await probe;
    const rss = peak.stop();
    const count = (c: string) => r.statusCodes[c] ?? 0;
    const refused = count('503') + count('429');

    // Every purchase the node stored ends final (answers cut off by the load's end included).
    const db = new Database(join(dataDir, 'vendpoint.db'), { readonly: true, fileMustExist: true });
    const pending = () =>
      (db.prepare(`SELECT COUNT(*) AS n FROM purchases WHERE state = 'pending'`).get() as { n: number }).n;
    const storedCount = () => (db.prepare(`SELECT COUNT(*) AS n FROM purchases`).get() as { n: number }).n;
    // Settled means nothing pending and no new purchase for a second: requests the clients sent
    // before the load stopped can still sit in the node's accept backlog and be stored late.
    const end = Date.now() + 180_000;
    for (let last = -1; Date.now() < end; await sleep(1_000)) {
      while (pending() > 0 && Date.now() < end) await sleep(250);
      const now = storedCount();
      if (now === last) break;
      last = now;
    }
    const stored = storedCount();
    const pendingLeft = pending();
    // Every key the provider vended must be a stored purchase's reference.
    const references = new Set(
      (db.prepare(`SELECT internal_reference AS r FROM purchases`).all() as { r: string }[]).map((x) => x.r),
    );
    db.close();
    const vendedKeys = (await (await request(`${upstream.url}/__keys`)).body.json()) as string[];
    const strangers = vendedKeys.filter((k) => !references.has(k));
    if (strangers.length)
      log(
        `the provider vended ${strangers.length} key(s) no stored purchase has: ${strangers.slice(0, 5).join(', ')}`,
      );
    const upstreamStats = (await (await request(`${upstream.url}/__stats`)).body.json()) as {
      vends: number;
      repeats: number;
      maxOpen: number;
      other: number;
    };
    await stopServer(n.child);
    nodeChild = null;
    const ledgerOk = Boolean(cliOf(dataDir)('ledger', 'verify').ok);
    return {
      rps: r.rps,
      p50: r.p50,
      p99: r.p99,
      all: r.all,
      ok: Object.entries(r.statusCodes).reduce((k, [c, v]) => (c.startsWith('2') ? k + v : k), 0),
      refused,
      errors: r.errors,
      other:
        Object.entries(r.statusCodes).reduce((k, [c, v]) => (c.startsWith('2') ? k : k + v), 0) - refused,
      retryAfter,
      rss,
      stored,
      pendingLeft,
      upstreamVends: upstreamStats.vends,
      upstreamRepeats: upstreamStats.repeats,
      upstreamStrangers: strangers.length,
      upstreamMaxOpen: upstreamStats.maxOpen,
      upstreamOther: upstreamStats.other,
      ledgerOk,
    };
  } finally {
    if (nodeChild) await stopServer(nodeChild);
    await stopServer(upstream.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function slowUpstream(): Promise<Section> {
  const out = emptySection();
  if (wanted('slow1k')) {
    const f = await slowRun(1_000, false);
    Object.assign(out.json, {
      slow1k_rps: f.rps,
      slow1k_p50_ms: f.p50,
      slow1k_p99_ms: f.p99,
      slow1k_all_p50_ms: f.all.p50,
      slow1k_all_p99_ms: f.all.p99,
      slow1k_errors: f.errors + f.other + f.refused,
      slow1k_rss_mb: f.rss,
      slow1k_stored: f.stored,
      slow1k_upstream_vends: f.upstreamVends,
      slow1k_upstream_repeats: f.upstreamRepeats,
      slow1k_upstream_strangers: f.upstreamStrangers,
      slow1k_upstream_other_requests: f.upstreamOther,
      slow1k_pending_left: f.pendingLeft,
    });
    const ok =
      f.errors + f.other + f.refused === 0 &&
      f.pendingLeft === 0 &&
      f.ledgerOk &&
      f.stored === f.upstreamVends &&
      f.upstreamRepeats === 0 &&
      f.upstreamStrangers === 0;
    out.rows.push(
      row(
        'sync vend, 2-s upstream, 1,000 conns',
        `${f.rps}/s, p99 ${f.p99} ms, RSS ${f.rss} MB, ${f.errors + f.other + f.refused} errors`,
        '>= 450/s, p99 <= 2100 ms, RSS <= 300 MB, 0 errors',
        ok && f.rps >= 450 && f.p99 <= 2_100 && f.rss <= 300,
      ),
    );
    out.lines.push(
      `slow upstream, 1,000 connections, whole run (ramp and warm-up included): ${f.all.requests} answers, p50 ${f.all.p50} ms, p99 ${f.all.p99} ms, max ${f.all.max} ms`,
      `slow upstream, 1,000 connections: ${f.ok} answered 200, ${f.stored} stored, ${f.upstreamVends} vends at the provider (${f.upstreamRepeats} repeated; at most ${f.upstreamMaxOpen} open at once), ` +
        `${f.pendingLeft} left pending, ledger ${f.ledgerOk ? 'ok' : 'NOT ok'}`,
    );
  }
  if (wanted('slow5k')) {
    const f = await slowRun(5_000, true);
    Object.assign(out.json, {
      slow5k_rps: f.rps,
      slow5k_p99_ms: f.p99,
      slow5k_ok: f.ok,
      slow5k_refused: f.refused,
      slow5k_retry_after: f.retryAfter ?? '',
      slow5k_errors: f.errors + f.other,
      slow5k_rss_mb: f.rss,
      slow5k_stored: f.stored,
      slow5k_upstream_vends: f.upstreamVends,
      slow5k_upstream_repeats: f.upstreamRepeats,
      slow5k_upstream_strangers: f.upstreamStrangers,
      slow5k_upstream_other_requests: f.upstreamOther,
      slow5k_pending_left: f.pendingLeft,
      slow5k_ledger_ok: f.ledgerOk,
    });
    // No lost purchase: every 200 is stored, every stored one reached the provider once and is final.
    const noneLost =
      f.ok <= f.stored &&
      f.stored === f.upstreamVends &&
      f.upstreamRepeats === 0 &&
      f.upstreamStrangers === 0 &&
      f.pendingLeft === 0 &&
      f.ledgerOk;
    out.rows.push(
      row(
        'sync vend, 2-s upstream, 5,000 conns',
        `${f.ok} ok, ${f.refused} refused (Retry-After ${f.retryAfter ?? 'none'}), ${f.errors + f.other} errors, ` +
          `${f.pendingLeft} pending, RSS ${f.rss} MB`,
        'no crash/loss, excess 429/503 + Retry-After, all final, RSS <= 400 MB',
        noneLost && f.errors + f.other === 0 && f.retryAfter !== null && f.rss <= 400,
      ),
    );
    out.lines.push(
      `slow upstream, 5,000 connections: ${f.rps} answers/s, ${f.stored} stored, ${f.upstreamVends} vends at the provider (${f.upstreamRepeats} repeated)`,
    );
  }
  return out;
}
