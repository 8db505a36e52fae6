import { markDemoPairShown, openStore } from '../store/bootstrap.js';
import { catalogDir } from '../store/catalog.js';
import { fixedModesMessage } from '../store/file-modes.js';
import { resourcesDir } from '../resources.js';
import { NEW_DATA_DIR_WARNING } from '../first-run.js';
import { CommitBatcher } from '../store/commit-batcher.js';
import { PurchaseStore } from '../store/purchase-store.js';
import { UpstreamRouter } from '../routing/upstream-router.js';
import { DELIVERY_DEFAULTS, WebhookDeliveryWorker } from '../jobs/webhook-delivery.js';
import { SENDER_DEFAULTS } from '../jobs/webhook-sender.js';
import type { WebhookContext } from '../services/webhooks.js';
import type { Db } from '../store/db.js';
import type { SecretBox } from '../store/secret-box.js';
import { assertExistingDataDir } from './data-dir.js';

/**
 * The parts of a node (services/context.ts `Services`) the CLI's commands act through, wired
 * here once from the data directory: a command calls the service function its console route
 * calls, with the same stores, instead of building its own. There is no vend worker (the CLI
 * sends nothing to a provider) and no HTTP.
 */
export interface CliServices {
  config: { dataDir: string };
  db: Db;
  box: SecretBox;
  /** The purchase lifecycle's writes (flag, reverse), group-committed as the node's are. */
  purchases: PurchaseStore;
  now: () => number;
  /** The upstreams as the node builds them, made on first use (reconcile asks them) and closed with the rest. */
  upstreamRouter(): UpstreamRouter;
  /**
   * The webhook services with the command's own --allow-private-webhooks: the node delivers with
   * its own flag, so the CLI's decides only what it saves and tests.
   */
  webhookContext(allowPrivate: boolean): WebhookContext;
  close(): Promise<void>;
}

/**
 * Opens the data directory. A command that sets a node up creates a missing one, as a node's
 * first start does: the DEMO test pair it made goes to stderr, --json or not (stdout stays one
 * object, and the secret is shown this once), with the node's warning that it was new. Every
 * other command (`existing`) refuses a directory holding no database.
 */
export function openCliServices(dataDir: string, opts: { existing: boolean }): CliServices {
  if (opts.existing) assertExistingDataDir(dataDir);
  const { db, box, demo, fixedModes } = openStore(dataDir, catalogDir(resourcesDir()));
  if (fixedModes.length) console.error(fixedModesMessage(fixedModes));
  if (demo) {
    console.error(`Initialised ${dataDir}: ${NEW_DATA_DIR_WARNING}.`);
    console.error(`DEMO merchant created (test key ${demo.test.key}, secret ${demo.test.secret})`);
    markDemoPairShown(db);
  }
  const now = Date.now;
  const batcher = new CommitBatcher(db);
  let router: UpstreamRouter | null = null;
  const webhookContexts = new Map<boolean, WebhookContext>();
  const webhookContext = (allowPrivate: boolean): WebhookContext => {
    const known = webhookContexts.get(allowPrivate);
    if (known) return known;
    const worker = new WebhookDeliveryWorker(db, batcher, box, {
      sender: { ...SENDER_DEFAULTS, allowPrivate },
      ...DELIVERY_DEFAULTS,
      now,
      mailer: null,
      log: { warn: () => {}, error: () => {} },
    });
    const context = { db, box, now, config: { webhooksAllowPrivate: allowPrivate }, webhooks: worker };
    webhookContexts.set(allowPrivate, context);
    return context;
  };
  return {
    config: { dataDir },
    db,
    box,
    purchases: new PurchaseStore(db, batcher, now),
    now,
    upstreamRouter: () => (router ??= new UpstreamRouter(db, box)),
    webhookContext,
    async close() {
      try {
        await router?.close();
      } finally {
        db.close();
      }
    },
  };
}

/** Runs one command on the data directory's services and closes them, whatever it ends with. */
export async function withCliServices<T>(
  dataDir: string,
  opts: { existing: boolean },
  command: (s: CliServices) => T | Promise<T>,
): Promise<T> {
  const s = openCliServices(dataDir, opts);
  try {
    return await command(s);
  } finally {
    await s.close();
  }
}
