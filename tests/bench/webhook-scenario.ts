import type { ChildProcess } from 'node:child_process';
import { request } from 'undici';

/**
 * The webhook scenario: async creates on a node whose merchant has a webhook endpoint on a
 * loopback receiver, beside the same run on a node without one (alternating rounds, median).
 * Every create's outcome event is delivered; the receiver reports the lag from the event's
 * commit to its arrival, and the scenario checks that the outbox drains at least as fast as
 * creates arrive (delivered during the load / created during the load).
 */

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
    for (let r = 0; r < d.rounds; r++) {
      d.log(`webhook round ${r + 1}/${d.rounds}: async create without, with an endpoint...`);
      runs[0].push(
        await d.load({ url: `${plain.url}/v1/transactions`, ...d.createRequests(`p${r}`, plain.auth) }),
      );
      const before = (await stats()).count;
      const f = await d.load({
        url: `${hooked.url}/v1/transactions`,
        ...d.createRequests(`h${r}`, hooked.auth),
      });
      runs[1].push(f);
      createdDuringLoad += f.rps * d.duration;
      deliveredDuringLoad += (await stats()).count - before;
    }
    const [without, withHooks] = runs.map(d.median);
    // Then let the outbox drain completely and count: every create's event must have arrived.
    const t0 = Date.now();
    let last = await stats();
    for (;;) {
      await new Promise((res) => setTimeout(res, 250));
      const now = await stats();
      if (now.count === last.count && Date.now() - t0 > 1_000) break;
      last = now;
    }
    const drainMs = Date.now() - t0;
    const final = await stats();
    return {
      webhook_create_rps_without: without.rps,
      webhook_create_rps_with: withHooks.rps,
      webhook_create_ratio: Number((withHooks.rps / Math.max(without.rps, 1)).toFixed(3)),
      webhook_create_p99_ms_with: withHooks.p99,
      webhook_delivered: final.distinct,
      webhook_drain_ratio: Number((deliveredDuringLoad / Math.max(createdDuringLoad, 1)).toFixed(3)),
      webhook_drain_after_load_ms: drainMs,
      webhook_lag_p50_ms: final.lag_p50_ms,
      webhook_lag_p99_ms: final.lag_p99_ms,
      webhook_errors: withHooks.errors + withHooks.non2xx,
    };
  } finally {
    await Promise.all([d.stop(plain.child), d.stop(hooked.child), d.stop(receiver.child)]);
  }
}
