import type { Db } from '../store/db.js';
import type { PurchaseStore } from '../store/purchase-store.js';
import type { UpstreamRouter } from '../upstreams/router.js';
import type { VendWorker } from '../jobs/vend-worker.js';
import type { CatalogService } from './catalog-service.js';
import type { SecretBox } from '../store/secret-box.js';
import type { NodeConfig } from '../config.js';
import type { Merchant } from '../store/merchants.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { CredentialCache } from '../http/credential-cache.js';

/** What every service function gets: the node's parts, built once in node.ts. */
export interface Services {
  config: NodeConfig;
  db: Db;
  /** The purchase lifecycle's writes; it owns their transactions. */
  purchases: PurchaseStore;
  router: UpstreamRouter;
  worker: VendWorker;
  catalog: CatalogService;
  box: SecretBox;
  credentials: CredentialCache;
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
