import type { Db } from '../store/db.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import type { Purchase } from '../store/purchases.js';
import type { VendOutcome } from '../domain/vend-outcome.js';
import type { CatalogService } from './catalog-service.js';
import type { SecretBox } from '../store/secret-box.js';
import type { NodeConfig } from '../config.js';
import type { Merchant } from '../store/merchants.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { CredentialCache } from '../store/credential-cache.js';
import type { WaitAdmission } from './wait-admission.js';
import type { DiskFullWatch } from '../store/disk-full.js';
import type { LedgerCheckThread } from './ledger-check-thread.js';
import type { SearchThread } from './search-thread.js';

/** The one-time setup code of an unclaimed node (http/first-run-claim.ts implements it). */
export interface SetupCode {
  readonly code: string | null;
  matches(sent: unknown): boolean;
  close(): void;
}

/**
 * What services need of the vend worker (jobs/vend-worker.ts implements it): declared here so
 * services depend on the lifecycle, not on the job that runs it.
 */
export interface Vending {
  enqueue(purchaseId: number, created?: Purchase): void;
  whenAnswered(purchaseId: number, timeoutMs: number, until: 'final' | 'first'): Promise<void>;
  requery(purchaseId: number): Promise<Purchase | null>;
  /** Asks the upstream that completed a sale what it says now; null when nobody can answer. Writes nothing. */
  recheckCompleted(purchaseId: number): Promise<VendOutcome | null>;
  notifyFinal(purchaseId: number): void;
  /** Whether a send or a status read of this purchase is on the wire now (its answer is coming). */
  isAsking(purchaseId: number): boolean;
  pollDue(maxRounds?: number): Promise<number>;
  /** The clock was set back `backMs` (NTP): requeries and sends stamped by the old time move back as far. */
  clockSetBack(backMs: number): Promise<number>;
  /** The clock jumped `forwardMs`: sends made before it move forward as far (grace, attention). */
  clockSetForward(forwardMs: number): Promise<number>;
  recover(): { requeried: number; queued: number };
  stop(): Promise<void>;
  /** The node's own logger, once the HTTP app that owns it is built. */
  setLogger(log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  }): void;
}

/**
 * What services and the node need of the webhook delivery worker (jobs/webhook-delivery.ts
 * implements it), declared here as Vending is, so services do not depend on the job.
 */
export interface WebhookDelivery {
  start(): void;
  /** Look at the outbox now (an endpoint enabled, deliveries replayed). */
  wake(): void;
  /** The clock was set back `backMs` (NTP): retries scheduled by the old time move back as far. */
  clockSetBack(backMs: number): Promise<number>;
  stop(): Promise<void>;
  /** Signs and posts a one-off `webhook.test` event to the URL now; nothing is stored. */
  sendTest(url: string, endpointId: number, environment: string): Promise<TestSendResult>;
}

/** A test send's answer: the receiver's status (null when none came), or why it failed. */
export interface TestSendResult {
  status: number | null;
  error: string | null;
  latencyMs: number;
}

/** What every service function gets: the node's parts, built once in node.ts. */
export interface Services {
  config: NodeConfig;
  db: Db;
  /** The purchase lifecycle's writes; it owns their transactions. */
  purchases: PurchaseStore;
  router: UpstreamRouter;
  worker: Vending;
  webhooks: WebhookDelivery;
  catalog: CatalogService;
  box: SecretBox;
  credentials: CredentialCache;
  /** The one-time code that lets another machine claim an unclaimed node. */
  setupClaim: SetupCode;
  /** Bounds the purchases held open waiting for their provider (503 + Retry-After beyond). */
  waiting: WaitAdmission;
  /** Whether writes are being refused for a full disk (healthz says so), and its quiet logging. */
  diskFull: DiskFullWatch;
  /** The console's "Verify all wallets", on a thread of its own. */
  ledgerCheck: LedgerCheckThread;
  /** History's free-text searches (and their CSV), on a thread of its own kept while the node runs. */
  search: SearchThread;
  now: () => number;
}

/** Who is calling: decided by the credential pair (or a console session acting for a merchant). */
export interface Caller {
  merchant: Merchant;
  environment: Environment;
  /** "key:vpk_…" for API calls, "user:NAME" for the console: written to the ledger as the actor. */
  actor: string;
  agentUserId?: number | null;
}
