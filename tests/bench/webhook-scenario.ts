import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from 'undici';

/**
 * The webhook scenario: async creates on a node whose merchant has a webhook endpoint on a
 * loopback receiver, beside the same run on a node without one (alternating rounds, median).
 * Every create's outcome event is delivered; the receiver reports the lag from the event's
 * commit to its arrival (over the measured rounds), and the scenario checks that the outbox drains at least as fast as
 * creates arrive: delivered during the load / created during the load, and, from a second into
 * each load to its end (the pipeline full), deliveries against the events recorded meanwhile and
 * how much the outbox (events not yet delivered) grew: about zero when it keeps up.
 * On Linux it also reads the CPU time each process spent during the loads from /proc, to say
 * what a delivery costs beside a create (the node's main thread, its other threads, the receiver).
 */

/** CPU milliseconds (user + system) a process, or one of its threads, has used; NaN off Linux. */
function cpuMs(pid: number | undefined, tid?: number): number {
  try {
    const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The same for a process and all its descendants (the receiver runs under tsx's child node). */
function treeCpuMs(pid: number | undefined): number {
  let total = cpuMs(pid);
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' '))
        if (child.trim()) total += treeCpuMs(Number(child));
  } catch {
    // not Linux, or the process is gone: its own figure stands
  }
  return total;
}

interface CpuSample {
  plain: number;
  hookedMain: number;
  hooked: number;
  receiver: number;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface WebhookScenarioDeps {
  rounds: number;
  duration: number;
  log: (m: string) => void;
  cliOf: (dataDir: string) => (...a: string[]) => { id?: string };
  startNode: (
    dataDir: string,
    extraArgs: string[],
  ) => Promise<{ url: string; child: ChildProcess; auth: Record<string, string> }>;
  spawnReceiver: () => Promise<{ url: string; child: ChildProcess }>;
  load: (opts: Record<string, unknown>) => Promise<Figures>;
  createRequests: (prefix: string, headers: Record<string, string>) => Record<string, unknown>;
  median: (runs: Figures[]) => Figures;
  stop: (child: ChildProcess) => Promise<void>;
}

interface ReceiverStats {
  count: number;
  distinct: number;
  lag_p50_ms: number;
  lag_p99_ms: number;
}

export async function webhookScenario(d: WebhookScenarioDeps, dirs: { plain: string; hooked: string }) {
  const receiver = await d.spawnReceiver();
  const stats = async () => (await (await request(`${receiver.url}/stats`)).body.json()) as ReceiverStats;
  const plain = await d.startNode(dirs.plain, []);
  const hooked = await d.startNode(dirs.hooked, ['--allow-private-webhooks']);
  try {
    // The node reads endpoints from SQLite on every pass, so adding one beside it is enough.
    d.cliOf(dirs.hooked)(
      'webhook',
      'add',
      '--code',
      'DEMO',
      '--env',
      'test',
      '--url',
      `${receiver.url}/hooks`,
      '--events',
      'transaction.succeeded,transaction.failed',
      '--allow-private-webhooks',
    );
    await d.load({ url: `${plain.url}/v1/transactions`, ...d.createRequests('wp', plain.auth), duration: 2 });
    await d.load({
      url: `${hooked.url}/v1/transactions`,
      ...d.createRequests('wh', hooked.auth),
      duration: 2,
    });
    const runs: Figures[][] = [[], []];
    let createdDuringLoad = 0;
    let deliveredDuringLoad = 0;
    const backlogs: number[] = [];
    const steady: number[] = [];
    const outboxGrowth: number[] = [];
    // Read-only beside the node (WAL): events recorded so far, and those not yet delivered.
    const nodeDb = new Database(join(dirs.hooked, 'vendpoint.db'), { readonly: true });
    const outboxQuery = nodeDb.prepare(
      `SELECT (SELECT COALESCE(MAX(id), 0) FROM events) AS events,
              (SELECT COUNT(*) FROM webhook_deliveries WHERE state = 'pending')
            + (SELECT COUNT(*) FROM events WHERE id > (SELECT last_event_id FROM webhook_fanout)) AS waiting`,
    );
    const outbox = () => outboxQuery.get() as { events: number; waiting: number };
    const cpu = (): CpuSample => ({
      plain: cpuMs(plain.child.pid),
      hookedMain: cpuMs(hooked.child.pid, hooked.child.pid),
      hooked: cpuMs(hooked.child.pid),
      receiver: treeCpuMs(receiver.child.pid),
    });
    const spent = { plain: 0, hookedMain: 0, hooked: 0, receiver: 0, plainCreates: 0, hookedCreates: 0 };
    // The lag figures cover the measured rounds: the warm-up also holds the sending thread's start.
    let roundsFrom = 0;
    for (let r = 0; r < d.rounds; r++) {
      d.log(`webhook round ${r + 1}/${d.rounds}: async create without, with an endpoint...`);
      // What the round before left undelivered drains first: both loads start on a quiet machine.
      await drained(stats);
      if (r === 0) roundsFrom = Date.now();
      const c0 = cpu();
      const p = await d.load({
        url: `${plain.url}/v1/transactions`,
        ...d.createRequests(`p${r}`, plain.auth),
      });
      runs[0].push(p);
      spent.plain += cpu().plain - c0.plain;
      spent.plainCreates += p.rps * d.duration;
      const before = (await stats()).count;
      const c1 = cpu();
      const loading = d.load({
        url: `${hooked.url}/v1/transactions`,
        ...d.createRequests(`h${r}`, hooked.auth),
      });
      // A second into the load the pipeline (create, vend, event, send) is full: the deliveries
      // from there to the end, against the create rate, say whether the outbox keeps up.
      await new Promise((res) => setTimeout(res, 1_000));
      const mid = { count: (await stats()).count, ...outbox() };
      const f = await loading;
      const c2 = cpu();
      runs[1].push(f);
      const end = { count: (await stats()).count, ...outbox() };
      // Against the events recorded meanwhile, not the creates: a vend settles (and records its
      // event) after the create's answer, so counting creates would charge the vend's lag here.
      steady.push((end.count - mid.count) / Math.max(end.events - mid.events, 1));
      outboxGrowth.push(end.waiting - mid.waiting);
      const delivered = end.count - before;
      createdDuringLoad += f.rps * d.duration;
      deliveredDuringLoad += delivered;
      backlogs.push(Math.max(0, Math.round(f.rps * d.duration - delivered)));
      spent.hookedMain += c2.hookedMain - c1.hookedMain;
      spent.hooked += c2.hooked - c1.hooked;
      spent.receiver += c2.receiver - c1.receiver;
      spent.hookedCreates += f.rps * d.duration;
    }
    nodeDb.close();
    const [without, withHooks] = runs.map(d.median);
    // Then let the outbox drain completely and count: every create's event must have arrived.
    const drainMs = await drained(stats);
    const final = (await (
      await request(`${receiver.url}/stats?from=${roundsFrom}`)
    ).body.json()) as ReceiverStats;
    const perCreate = (ms: number, n: number) => Number((ms / Math.max(n, 1)).toFixed(3));
    return {
      webhook_create_rps_without: without.rps,
      webhook_create_rps_with: withHooks.rps,
      webhook_create_ratio: Number((withHooks.rps / Math.max(without.rps, 1)).toFixed(3)),
      webhook_create_p99_ms_without: without.p99,
      webhook_create_p99_ms_with: withHooks.p99,
      webhook_delivered: final.distinct,
      webhook_drain_ratio: Number((deliveredDuringLoad / Math.max(createdDuringLoad, 1)).toFixed(3)),
      webhook_drain_after_load_ms: drainMs,
      webhook_steady_drain_ratio: Number(median(steady).toFixed(3)),
      webhook_outbox_growth_during_load: Math.max(...outboxGrowth),
      webhook_backlog_at_load_end: Math.max(...backlogs),
      webhook_cpu_ms_per_create_without: perCreate(spent.plain, spent.plainCreates),
      webhook_cpu_ms_per_create_with: perCreate(spent.hooked, spent.hookedCreates),
      webhook_cpu_ms_per_create_with_main_thread: perCreate(spent.hookedMain, spent.hookedCreates),
      webhook_receiver_cpu_ms_per_event: perCreate(spent.receiver, spent.hookedCreates),
      webhook_lag_p50_ms: final.lag_p50_ms,
      webhook_lag_p99_ms: final.lag_p99_ms,
      webhook_errors: withHooks.errors + withHooks.non2xx,
    };
  } finally {
    await Promise.all([d.stop(plain.child), d.stop(hooked.child), d.stop(receiver.child)]);
  }
}

/** Waits until the receiver's count stops moving (and at least a second); returns how long. */
async function drained(stats: () => Promise<ReceiverStats>): Promise<number> {
  const t0 = Date.now();
  let last = await stats();
  for (;;) {
    await new Promise((res) => setTimeout(res, 250));
    const now = await stats();
    if (now.count === last.count && Date.now() - t0 > 1_000) break;
    last = now;
  }
  return Date.now() - t0;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}
