// First: see tick-shape-pin.ts (before any other module can start a garbage collection).
import './tick-shape-pin.js';
import type { FastifyInstance } from 'fastify';
import type { NodeConfig } from './config.js';
import { openStore } from './store/bootstrap.js';
import { onStampsFollowClock } from './store/stamp-clock.js';
import { CommitBatcher } from './store/commit-batcher.js';
import { PurchaseStore } from './store/purchase-store.js';
import { catalogDir } from './store/catalog.js';
import { resourcesDir } from './resources.js';
import { takeOverRestoredBackup } from './jobs/restored-backup.js';
import { lockDataDir } from './store/node-lock.js';
import { ensurePrivateDir, fixedModesMessage } from './store/file-modes.js';
import { UpstreamRouter } from './routing/upstream-router.js';
import { VendWorker } from './jobs/vend-worker.js';
import { DELIVERY_DEFAULTS, WebhookDeliveryWorker } from './jobs/webhook-delivery.js';
import { SENDER_DEFAULTS } from './jobs/webhook-sender.js';
import type { ReportTransport } from './reports/mailer.js';
import { CatalogService } from './services/catalog-service.js';
import type { ScheduleHandle } from './jobs/schedules.js';
import type { Services } from './services/context.js';
import { buildApp } from './app.js';
import { getSetting, setSetting, setSettingsLog, SETTINGS } from './store/settings.js';
import { CredentialCache } from './store/credential-cache.js';
import { SetupClaim } from './http/first-run-claim.js';
import { countConsoleUsers } from './store/console-users.js';
import { NOT_FOUND_GRACE_MS } from './domain/vend-outcome.js';
import type { IssuedPair } from './store/merchants.js';
import type { SimulatorOptions } from './upstreams/simulator.js';
import { WaitAdmission } from './services/wait-admission.js';
import { startStopping } from './http/drain.js';
import { DiskFullWatch, probeWrite } from './store/disk-full.js';
import { LedgerCheckThread } from './services/ledger-check-thread.js';
import { SearchThread } from './services/search-thread.js';

/** Pending connections the kernel may queue for the node before accepting them. */
const LISTEN_BACKLOG = 4096;

export interface RunningNode {
  url: string;
  app: FastifyInstance;
  services: Services;
  /** DEMO test credentials when this start created the data directory. */
  firstRun: IssuedPair | null;
  /** While nobody has claimed the node: the one-time code a remote caller needs for setup. */
  setupCode: string | null;
  /** Files and folders whose group/other permissions this start removed (also logged once). */
  fixedModes: string[];
  /** The node-cron jobs, when started with schedules. */
  schedules: ScheduleHandle | null;
  close(): Promise<void>;
}

export interface NodeHooks {
  now?: () => number;
  /**
   * The clock no step moves (jobs/send-clock.ts). Unless given, a faked `now` stands in for it, so
   * a test's skew counts as time passed; else performance.now.
   */
  monotonic?: () => number;
  simulator?: SimulatorOptions;
  attentionAfterMs?: number;
  notFoundGraceMs?: number;
  /** Multiplies requery backoff and not-found grace; default VENDPOINT_REQUERY_SCALE or 1. */
  requeryScale?: number;
  /** Webhook retry waits (tests shorten the 1 min … 24 h schedule). */
  webhookRetryScheduleMs?: readonly number[];
  webhookTimeoutMs?: number;
  /** Low-balance e-mails through this transport instead of SMTP. */
  alertTransportFor?: (url: string, from: string) => ReportTransport;
}

/**
 * VENDPOINT_REQUERY_SCALE (a number in (0, 1]) shortens the requery backoff and the not-found
 * grace together, for the crash run and demos; production leaves it unset.
 */
function requeryScaleFromEnv(): number {
  const v = Number(process.env.VENDPOINT_REQUERY_SCALE);
  return Number.isFinite(v) && v > 0 && v <= 1 ? v : 1;
}

/** Opens the store and builds every part of a node, without HTTP (the CLI uses the store only). */
export function buildServices(
  config: NodeConfig,
  hooks: NodeHooks = {},
): { services: Services; firstRun: IssuedPair | null; fixedModes: string[]; sealedResults: number } {
  const { db, box, demo, fixedModes, sealedResults } = openStore(config.dataDir, catalogDir(resourcesDir()));
  // The CLI adds webhooks with its own flag; this tells it what the node would deliver to.
  // Written only when it changed: a start need not pay a durable commit for nothing.
  if (getSetting(db, SETTINGS.webhooksAllowPrivate) !== config.webhooksAllowPrivate)
    setSetting(db, SETTINGS.webhooksAllowPrivate, config.webhooksAllowPrivate);
  const now = hooks.now ?? Date.now;
  const batcher = new CommitBatcher(db);
  const purchases = new PurchaseStore(db, batcher, now);
  const router = new UpstreamRouter(db, box, hooks.simulator, config.maxInFlight);
  const log = { info: () => {}, warn: () => {}, error: (o: object, m: string) => console.error(m, o) };
  const requeryScale = hooks.requeryScale ?? requeryScaleFromEnv();
  const worker = new VendWorker(purchases, router, {
    attentionAfterMs: hooks.attentionAfterMs ?? 24 * 3_600_000,
    notFoundGraceMs: hooks.notFoundGraceMs ?? Math.round(NOT_FOUND_GRACE_MS * requeryScale),
    requeryScale,
    maxInFlight: config.maxInFlight,
    now,
    monotonic: hooks.monotonic ?? hooks.now,
    log,
  });
  const webhooks = new WebhookDeliveryWorker(db, batcher, box, {
    sender: {
      ...SENDER_DEFAULTS,
      allowPrivate: config.webhooksAllowPrivate,
      timeoutMs: hooks.webhookTimeoutMs ?? SENDER_DEFAULTS.timeoutMs,
    },
    retryScheduleMs: hooks.webhookRetryScheduleMs ?? DELIVERY_DEFAULTS.retryScheduleMs,
    pollMs: DELIVERY_DEFAULTS.pollMs,
    concurrency: DELIVERY_DEFAULTS.concurrency,
    now,
    mailer: { db, box, flagSmtpUrl: config.smtpUrl, transportFor: hooks.alertTransportFor },
    log,
  });
  const services: Services = {
    config,
    db,
    purchases,
    router,
    worker,
    webhooks,
    catalog: new CatalogService(db),
    credentials: new CredentialCache(db),
    setupClaim: new SetupClaim(countConsoleUsers(db) === 0),
    waiting: new WaitAdmission(config.maxWaiting),
    diskFull: new DiskFullWatch(() => probeWrite(db), now),
    ledgerCheck: new LedgerCheckThread(db.name),
    search: new SearchThread(db.name),
    box,
    now,
  };
  return { services, firstRun: demo?.test ?? null, fixedModes, sealedResults };
}

/** Starts a node: store, HTTP on config.host:port, recovery of interrupted vends, schedules. */
export async function startNode(config: NodeConfig, hooks: NodeHooks = {}): Promise<RunningNode> {
  // The lock comes first: a second node must not migrate, seal or seed under a running one.
  ensurePrivateDir(config.dataDir);
  const lock = lockDataDir(config.dataDir);
  const unlock = lock.release;
  let built: ReturnType<typeof buildServices>;
  try {
    built = buildServices(config, hooks);
  } catch (err) {
    unlock();
    throw err;
  }
  const { services, firstRun, fixedModes, sealedResults } = built;
  try {
    return await startLocked(
      config,
      services,
      { firstRun, fixedModes, sealedResults, tookOverFrom: lock.tookOverFrom },
      unlock,
    );
  } catch (err) {
    unlock();
    try {
      services.db.close();
    } catch {
      // already closed
    }
    // The data directory was made before the failure (a port in use): its DEMO pair, shown
    // only at the first start, would otherwise never be shown.
    throw firstRun ? new StartFailed(err, firstRun) : err;
  }
}

/** A start that failed after it created the data directory, with the DEMO pair it made. */
export class StartFailed extends Error {
  constructor(
    cause: unknown,
    readonly firstRun: IssuedPair,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

async function startLocked(
  config: NodeConfig,
  services: Services,
  built: {
    firstRun: IssuedPair | null;
    fixedModes: string[];
    sealedResults: number;
    tookOverFrom: number | null;
  },
  unlock: () => void,
): Promise<RunningNode> {
  const { firstRun, fixedModes, sealedResults, tookOverFrom } = built;
  const app = await buildApp(services);
  if (tookOverFrom !== null)
    app.log.warn(
      { previous_pid: tookOverFrom },
      `the previous node (process ${tookOverFrom}) did not stop cleanly: its lock was taken over, and the sales it left unfinished are recovered`,
    );
  if (fixedModes.length) app.log.warn({ fixed: fixedModes }, fixedModesMessage(fixedModes));
  if (sealedResults)
    app.log.info(`sealed ${sealedResults} purchase results stored in clear by an earlier version`);
  services.worker.setLogger(app.log);
  services.router.setLogger(app.log);
  setSettingsLog(services.db, app.log);
  onStampsFollowClock(services.db, (aheadMs) =>
    app.log.warn(
      { books_ahead_min: Math.round(aheadMs / 60_000) },
      "the computer's clock is behind this node's last record by more than the hour the books hold their time for: new records are stamped by the clock again (if the clock is wrong, set it right)",
    ),
  );
  const requeryScale = requeryScaleFromEnv();
  if (requeryScale !== 1)
    app.log.warn(
      `VENDPOINT_REQUERY_SCALE=${requeryScale}: requeries and the not-found grace run ${Math.round(1 / requeryScale)}x faster; a test setting, not for live sales (a vend still in flight may be refunded before the provider records it)`,
    );
  // Thousands of clients connecting at once are queued by the kernel (up to net.core.somaxconn)
  // and answered, if need be with a 503, instead of having their connections dropped at Node's
  // default queue of 511.
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const restored = takeOverRestoredBackup(services.db, services.router);
  if (restored)
    app.log.warn(
      { backup_taken_at: restored.takenAt, live_sales_asked_not_sent: restored.asked },
      `started on a backup taken at ${restored.takenAt}: ${restored.asked} live sale(s) it held as queued or on the wire are asked about at every provider routed for them, never sent again (one none has a record of waits in Needs attention); sales made after the backup are not in this database: run \`reconcile run --date YYYY-MM-DD\` for each day since the backup that has ended; today's sales are compared by tomorrow morning's run (a day is reconciled once it is over)`,
    );
  services.worker.recover();
  services.webhooks.start();
  let schedules: ScheduleHandle | null = null;
  if (config.schedules) {
    // The schedule modules (node-cron among them) are loaded only by a node that runs them, and
    // after it listens: a node started with schedules off never loads them.
    const [{ startSchedules }, report, reconciliation, catalogSync, health] = await Promise.all([
      import('./jobs/schedules.js'),
      import('./jobs/report-schedule.js'),
      import('./jobs/reconciliation-schedule.js'),
      import('./jobs/catalog-sync.js'),
      import('./jobs/upstream-health.js'),
    ]);
    schedules = startSchedules(services, app.log, {
      'daily-reports': report.reportScheduleJob(services, app.log, url),
      reconciliation: reconciliation.reconciliationScheduleJob(services, app.log, url),
      'catalog-sync': catalogSync.catalogSyncJob(services, app.log),
      'upstream-health': health.upstreamHealthJob(services, app.log),
    });
  }
  let closed = false;
  return {
    url,
    app,
    services,
    firstRun,
    setupCode: services.setupClaim.code,
    fixedModes,
    schedules,
    async close() {
      if (closed) return;
      closed = true;
      startStopping(app);
      // A ledger check under way would hold the close for as long as it reads (20 s at ten
      // million sales): it is cut off at once, its request answered 503.
      await services.ledgerCheck.stop();
      // So is a History text search (seconds at a million sales); the search thread ends.
      await services.search.stop();
      // Held sales (sync routes, bills, orders) are answered before the port is given up: the
      // pending poller runs on meanwhile, so a provider's answer due before --sync-wait ends
      // still reaches its client, as the spec's final answer, and the drain ends with it.
      const held = services.waiting.waiting;
      if (held)
        app.log.info(
          `stopping: waiting for ${held} held ${held === 1 ? 'sale' : 'sales'} (up to ${Math.round(config.syncTimeoutMs / 1000)} s) for the provider's answer; new requests are refused`,
        );
      await schedules?.stop(['pending-poller']);
      await app.close();
      await schedules?.stop();
      await services.worker.stop();
      await services.webhooks.stop();
      await services.router.close();
      services.diskFull.stop();
      services.db.close();
      unlock();
      app.log.info(services.purchases.stats, 'node stopped (group commit totals)');
    },
  };
}
