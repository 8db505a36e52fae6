import type { VendOutcome } from '../domain/vend-outcome.js';
import type { FxConfig } from '../domain/fx-pricing.js';
import type {
  SyncedBillPlan,
  SyncedDataPlan,
  SyncedEsimPlan,
  SyncedGiftCard,
} from '../store/catalog-sync-store.js';

/** What an upstream needs to vend one purchase; `reference` is its idempotency key upstream. */
export interface VendRequest {
  reference: string;
  kind: 'transaction' | 'giftcard' | 'esim';
  product: string;
  network: string;
  msisdn: string;
  phone: string | null;
  planId: string | null;
  amountKobo: number;
  quantity: number;
  details: Record<string, unknown>;
  /** Epoch ms of the first send, for requery grace decisions. */
  sentAt?: number | null;
}

/** The fields of a stored purchase an upstream is sent (declared here so adapters need nothing from the store). */
export type VendablePurchase = Omit<VendRequest, 'reference' | 'sentAt'> & { internalReference: string };

export function vendRequestOf(p: VendablePurchase, sentAt: number | null = null): VendRequest {
  return {
    reference: p.internalReference,
    kind: p.kind,
    product: p.product,
    network: p.network,
    msisdn: p.msisdn,
    phone: p.phone,
    planId: p.planId,
    amountKobo: p.amountKobo,
    quantity: p.quantity,
    details: p.details,
    sentAt,
  };
}

export { accountFingerprint } from '../domain/upstream-account.js';

export interface VerifyRequest {
  product: 'ELECTRICITY' | 'CABLE' | 'BETTING';
  network: string;
  customerId: string;
  planId: string;
  meterType: string | null;
}

/** Verify result `data` fields exactly as the spec names them; empty values omitted. */
export type VerifyResult = Record<string, string>;

export interface CatalogSnapshot {
  dataPlans?: Record<string, unknown>[];
  billPlans?: Record<string, unknown>[];
  giftcards?: Record<string, unknown>[];
  esimPlans?: Record<string, unknown>[];
}

/** A provider's catalog read into plans; a section it did not send is undefined. */
export interface MappedCatalog {
  /** The sections the provider answered with. */
  sections: string[];
  dataPlans?: SyncedDataPlan[];
  billPlans?: SyncedBillPlan[];
  giftcards?: SyncedGiftCard[];
  esimPlans?: SyncedEsimPlan[];
  skipped: Partial<Record<'data' | 'bills' | 'giftcards' | 'esim', number>>;
}

/** One row of a provider's transaction list, read for reconciliation. */
export interface ListedTransaction {
  /** The key we sent (`client_request_id`), which the provider echoes as `request_id`. */
  reference: string;
  amountKobo: number;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** A page of `GET /v1/transactions` with one status filter; `from`/`to` narrow it where the provider supports it. */
export interface TransactionListQuery {
  status: 'success' | 'failed' | 'pending';
  page: number;
  limit: number;
  from: string;
  to: string;
}

/**
 * One interface for every provider (DESIGN "Upstreams"). vend and requery never throw for
 * upstream trouble: they classify it into a VendOutcome (see domain/vend-outcome.ts).
 * verify throws CustomerRejected (400) or UpstreamUnavailable (502).
 */
export interface Upstream {
  readonly name: string;
  readonly type: 'simulator' | 'vending-api';
  /** Runs inside this process with no effect elsewhere (the simulator): safe to vend before vend_started is durable. */
  readonly inProcess?: boolean;
  /**
   * How long after a send this provider's "no record of it" may still mean "not recorded yet"
   * (its `notFoundGraceMinutes` option); unset, the node's grace applies.
   */
  readonly notFoundGraceMs?: number;
  /**
   * Which provider account this upstream sends to (accountFingerprint), kept with each sale it
   * is sent: a "no record" read from another account, after an operator pointed the upstream
   * elsewhere, says nothing about the sale. Unset for the in-process simulator.
   */
  readonly account?: string;
  vend(req: VendRequest): Promise<VendOutcome>;
  requery(req: VendRequest): Promise<VendOutcome>;
  verify(req: VerifyRequest): Promise<VerifyResult>;
  catalogs(): Promise<CatalogSnapshot>;
  /** The catalogs read into plans (priced with fx where a provider gives NGN only); providers without a catalog leave it out. */
  catalogPlans?(fx: FxConfig): Promise<MappedCatalog>;
  qrcode(req: VendRequest, lpa: string): Promise<Buffer>;
  /** A page of the provider's own transaction list (reconciliation); throws when it cannot be read. */
  listTransactions?(q: TransactionListQuery): Promise<{ rows: ListedTransaction[]; totalPages: number }>;
  /** Provider wallet balance in kobo; null when it keeps none (a simulator) or answered without a figure; throws, saying why, when it did not answer. */
  balance(): Promise<number | null>;
  close?(): Promise<void>;
}

/**
 * A "no record of it" counts only from the account the sale was sent to. An operator may have
 * pointed the upstream at another provider, or at another account there (its base URL or
 * merchant code edited; a rotated key is the same account), while the sale was pending: those
 * books never had it, so their answer says nothing about whether it was delivered, and failing
 * it would refund a sale the first provider may have delivered. It stays pending, asked on the backoff (and reaches an admin at
 * the deadline); pointed back, the upstream's answer settles it.
 */
export function fromAccountSentTo(
  outcome: VendOutcome,
  job: { sentAccount: string | null } | null,
  upstream: Upstream | null,
): VendOutcome {
  if (outcome.kind !== 'not_found' || !upstream || !job || job.sentAccount === null) return outcome;
  if (upstream.account === job.sentAccount) return outcome;
  return {
    kind: 'unknown',
    reason: `${upstream.name} now points at another provider or account than the one this sale was sent to, and that one has no record of it: ask the provider it was sent to, then resolve it`,
  };
}
