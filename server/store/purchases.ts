import { externalDataVersion, nowIso, prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { canTransition, statesThatMayBecome, type PurchaseState } from '../domain/purchase-state.js';
import { Conflict, DuplicateRequest, NotFound } from '../domain/errors.js';
import Database from 'better-sqlite3';
import { postLedgerEntryFor } from './wallets.js';
import { newInternalReference } from './merchants.js';
import { ANCHOR_STRIDE, ListAnchors } from './list-anchors.js';
import { noteChange } from './change-counter.js';
import { enqueueJob, finishJob } from './vend-jobs.js';
import { recordPurchaseOutcome } from './events.js';
import { recordAudit } from './audit.js';
import { resultColumn, resultFromColumn } from './sealed-results.js';
import { checkDailySalesLimit } from '../domain/sales-limit.js';
import { agentSoldKobo } from './agent-sales.js';
import { localDayStart } from '../domain/business-days.js';
import { businessTimezone } from './settings.js';
import { SqlWhere } from './sql-where.js';

export type PurchaseKind = 'transaction' | 'giftcard' | 'esim';

export interface Purchase {
  id: number;
  internalReference: string;
  merchantId: number;
  environment: Environment;
  idemKey: string;
  kind: PurchaseKind;
  surface: string;
  product: string;
  network: string;
  msisdn: string;
  phone: string | null;
  planRef: string;
  planId: string | null;
  planName: string;
  amountText: string;
  amountKobo: number;
  debitKobo: number;
  quantity: number;
  details: Record<string, unknown>;
  state: PurchaseState;
  result: Record<string, unknown> | null;
  failureReason: string | null;
  upstreamName: string | null;
  upstreamReference: string | null;
  needsAttention: boolean;
  agentUserId: number | null;
  createdAt: string;
  updatedAt: string;
  /** Set when a completed sale was reversed (its money returned to the wallet). */
  reversedAt: string | null;
  reversalReason: string | null;
}

/** What a create stores; the node fills in the rest (reference, state, outcome, timestamps). */
export type NewPurchase = Omit<Purchase, 'id' | 'internalReference' | Settled | Optional | Stamps> &
  Partial<Pick<Purchase, Optional>> & { actor: string };
type Settled = 'state' | 'result' | 'failureReason' | 'upstreamName' | 'upstreamReference' | 'needsAttention';
type Optional = 'phone' | 'planRef' | 'planId' | 'planName' | 'quantity' | 'details' | 'agentUserId';
type Stamps = 'createdAt' | 'updatedAt' | 'reversedAt' | 'reversalReason';

/**
 * A purchase's columns in one fixed order. Purchases are read as arrays (better-sqlite3's raw
 * mode) and mapped by position: a 30-key row object costs about twice an array to build
 * (12 vs 7 µs a row, most of it naming each column), and purchases are the hot read (creates,
 * settles, lists, reports).
 */
export const PURCHASE_COLUMNS = [
  'id',
  'internal_reference',
  'merchant_id',
  'environment',
  'idem_key',
  'kind',
  'surface',
  'product',
  'network',
  'msisdn',
  'phone',
  'plan_ref',
  'plan_id',
  'plan_name',
  'amount_text',
  'amount_kobo',
  'debit_kobo',
  'quantity',
  'details',
  'state',
  'result',
  'failure_reason',
  'upstream_name',
  'upstream_reference',
  'needs_attention',
  'agent_user_id',
  'created_at',
  'updated_at',
  'reversed_at',
  'reversal_reason',
].join(', ');

/** A stored purchase as PURCHASE_COLUMNS reads it: details and the (possibly sealed) result as JSON text, the attention flag 0 or 1. */
type PurchaseValues = [
  id: number,
  internalReference: string,
  merchantId: number,
  environment: Environment,
  idemKey: string,
  kind: PurchaseKind,
  surface: string,
  product: string,
  network: string,
  msisdn: string,
  phone: string | null,
  planRef: string,
  planId: string | null,
  planName: string,
  amountText: string,
  amountKobo: number,
  debitKobo: number,
  quantity: number,
  details: string,
  state: PurchaseState,
  result: string | null,
  failureReason: string | null,
  upstreamName: string | null,
  upstreamReference: string | null,
  needsAttention: number,
  agentUserId: number | null,
  createdAt: string,
  updatedAt: string,
  reversedAt: string | null,
  reversalReason: string | null,
];

/**
 * A statement whose rows are purchases as arrays in PURCHASE_COLUMNS order (its SQL must
 * select exactly those). Its text is its own, so the cached statement is raw for every caller.
 */
export function purchaseQuery(db: Db, sql: string): Database.Statement<unknown[], PurchaseValues> {
  return prep(db, sql).raw(true) as Database.Statement<unknown[], PurchaseValues>;
}

// Hot statements' text built once: the statement cache is keyed by it, and a template built on
// every call is a new string to hash each time.
const PURCHASE_BY_ID = `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE id = ?`;
const PURCHASE_BY_KEY = `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE merchant_id = ? AND environment = ? AND idem_key = ?`;
const PURCHASE_BY_REFERENCE = `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE internal_reference = ?`;

/** A row as the rest of the node sees it (a sealed result opened with the database's box). */
export function purchaseOf(v: PurchaseValues, db: Db): Purchase {
  return {
    id: v[0],
    internalReference: v[1],
    merchantId: v[2],
    environment: v[3],
    idemKey: v[4],
    kind: v[5],
    surface: v[6],
    product: v[7],
    network: v[8],
    msisdn: v[9],
    phone: v[10],
    planRef: v[11],
    planId: v[12],
    planName: v[13],
    amountText: v[14],
    amountKobo: v[15],
    debitKobo: v[16],
    quantity: v[17],
    details: JSON.parse(v[18]),
    state: v[19],
    result: resultFromColumn(db, v[20]),
    failureReason: v[21],
    upstreamName: v[22],
    upstreamReference: v[23],
    needsAttention: v[24] === 1,
    agentUserId: v[25],
    createdAt: v[26],
    updatedAt: v[27],
    reversedAt: v[28],
    reversalReason: v[29],
  };
}

/**
 * Stores a purchase, debits its wallet and enqueues its vend job: all or nothing.
 * Runs inside the caller's transaction (the commit batcher's, with a savepoint when batched).
 * A used key is a DuplicateRequest; a short wallet throws InsufficientBalance and leaves no
 * trace, so the key stays free for a retry after funding.
 */
export function createPurchase(db: Db, input: NewPurchase): Purchase {
  if (input.agentUserId) assertAgentDailyLimit(db, input.agentUserId, input.environment, input.amountKobo);
  const now = nowIso();
  const ref = newInternalReference();
  // Every column is written, so the stored row is exactly these values (no RETURNING to read back).
  const values: PurchaseValues = [
    0,
    ref,
    input.merchantId,
    input.environment,
    input.idemKey,
    input.kind,
    input.surface,
    input.product,
    input.network,
    input.msisdn,
    input.phone ?? null,
    input.planRef ?? '',
    input.planId ?? null,
    input.planName ?? '',
    input.amountText,
    input.amountKobo,
    input.debitKobo,
    input.quantity ?? 1,
    JSON.stringify(input.details ?? {}),
    'pending',
    null,
    null,
    null,
    null,
    0,
    input.agentUserId ?? null,
    now,
    now,
    null,
    null,
  ];
  try {
    values[0] = Number(prep(db, INSERT_PURCHASE).run(...values.slice(1)).lastInsertRowid);
  } catch (error) {
    // The (merchant, environment, key) unique index is the idempotency check itself.
    if (isUsedKeyError(error))
      throw new DuplicateRequest(
        input.idemKey,
        getPurchaseByKey(db, input.merchantId, input.environment, input.idemKey)?.kind,
      );
    throw error;
  }
  const row = purchaseOf(values, db);
  postLedgerEntryFor(db, input.merchantId, input.environment, {
    kind: 'debit',
    amountKobo: -input.debitKobo,
    purchaseId: row.id,
    reason: `${input.product} ${ref}`,
    actor: input.actor,
  });
  enqueueJob(db, row.id);
  noteChange(db, 'purchases');
  return row;
}

/** Every column but the id, one placeholder each. */
const INSERT_PURCHASE = `INSERT INTO purchases (${PURCHASE_COLUMNS.slice('id, '.length)})
  VALUES (${PURCHASE_COLUMNS.split(', ')
    .slice(1)
    .map(() => '?')
    .join(', ')})`;

/**
 * An agent's daily sales limit, checked in the transaction that stores the sale: sales sent
 * at once are written one after another, each seeing those before it, so they cannot all
 * pass. The day is the business day (timezone setting) of the clock that stamps created_at.
 */
function assertAgentDailyLimit(db: Db, agentUserId: number, env: Environment, amountKobo: number): void {
  const limit =
    (prep(db, 'SELECT daily_sales_limit_kobo FROM console_users WHERE id = ?').pluck().get(agentUserId) as
      number | null | undefined) ?? null;
  if (limit === null) return;
  const sold = agentSoldKobo(db, agentUserId, env, localDayStart(Date.now(), businessTimezone(db)));
  checkDailySalesLimit(limit, sold, amountKobo);
}

function isUsedKeyError(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes('purchases.idem_key')
  );
}

export function getPurchaseById(db: Db, id: number): Purchase | null {
  const r = purchaseQuery(db, PURCHASE_BY_ID).get(id);
  return r ? purchaseOf(r, db) : null;
}

interface KeyCache {
  version: number;
  byKey: Map<string, Purchase>;
  keyOfId: Map<number, string>;
}
const keyCaches = new WeakMap<Db, KeyCache>();
const KEY_CACHE_MAX = 50_000;

/**
 * Status lookups by key are the hottest read (integrators poll). Found purchases are kept in
 * memory; every store function that changes a purchase forgets it, and the whole cache is
 * dropped when another process (the CLI) commits.
 */
function keyCache(db: Db): KeyCache {
  const version = externalDataVersion(db);
  let c = keyCaches.get(db);
  if (!c || c.version !== version || c.byKey.size >= KEY_CACHE_MAX) {
    c = { version, byKey: new Map(), keyOfId: new Map() };
    keyCaches.set(db, c);
  }
  return c;
}

function forgetPurchase(db: Db, id: number): void {
  noteChange(db, 'purchases');
  const c = keyCaches.get(db);
  const key = c?.keyOfId.get(id);
  if (c && key !== undefined) {
    c.byKey.delete(key);
    c.keyOfId.delete(id);
  }
}

export function getPurchaseByKey(db: Db, merchantId: number, env: Environment, key: string): Purchase | null {
  const c = keyCache(db);
  const cacheKey = `${merchantId}|${env}|${key}`;
  const hit = c.byKey.get(cacheKey);
  if (hit) return hit;
  const r = purchaseQuery(db, PURCHASE_BY_KEY).get(merchantId, env, key);
  if (!r) return null;
  const p = purchaseOf(r, db);
  // Never cache a read made inside a transaction: it might still roll back.
  if (!db.inTransaction) {
    c.byKey.set(cacheKey, p);
    c.keyOfId.set(p.id, cacheKey);
  }
  return p;
}

export function getPurchaseByReference(db: Db, ref: string): Purchase | null {
  const r = purchaseQuery(db, PURCHASE_BY_REFERENCE).get(ref);
  return r ? purchaseOf(r, db) : null;
}

// The state machine's table, as SQL: an update that settles a purchase applies only from a state allowed to reach it.
const mayBecome = (to: PurchaseState) =>
  `state IN (${statesThatMayBecome(to)
    .map((st) => `'${st}'`)
    .join(', ')})`;
const MAY_SUCCEED = mayBecome('success');
const SETTLE_SUCCESS = `UPDATE purchases SET state = 'success', result = ?, upstream_name = COALESCE(?, upstream_name),
    upstream_reference = COALESCE(?, upstream_reference), needs_attention = 0, updated_at = ?
  WHERE id = ? AND ${MAY_SUCCEED} RETURNING ${PURCHASE_COLUMNS}`;
const MAY_FAIL = mayBecome('failed');
const SETTLE_FAILED = `UPDATE purchases SET state = 'failed', failure_reason = ?, needs_attention = 0, updated_at = ?
  WHERE id = ? AND ${MAY_FAIL} RETURNING ${PURCHASE_COLUMNS}`;

/**
 * The store's functions that move money change a purchase and post its ledger entry as two
 * statements: only the caller's transaction makes them one change.
 */
function assertInTransaction(db: Db, what: string): void {
  if (!db.inTransaction) throw new Error(`${what} moves money: call it inside a transaction`);
}

/**
 * pending -> success, storing what was delivered, and its event. False when it was already
 * final. `jobFinished`: the caller's statement already marked the vend job done.
 */
export function settleSuccess(
  db: Db,
  purchaseId: number,
  result: Record<string, unknown>,
  upstream: { name?: string | null; reference?: string | null } = {},
  jobFinished = false,
): boolean {
  forgetPurchase(db, purchaseId);
  const settled = purchaseQuery(db, SETTLE_SUCCESS).get(
    resultColumn(db, result),
    upstream.name ?? null,
    upstream.reference ?? null,
    nowIso(),
    purchaseId,
  );
  if (!jobFinished) finishJob(db, purchaseId);
  if (settled) {
    const p = purchaseOf(settled, db);
    noteStateChange(db, p);
    recordPurchaseOutcome(db, p);
  }
  return settled !== undefined;
}

/** pending -> failed, the debit refunded by one ledger entry and its event, in the caller's transaction. */
export function settleFailed(
  db: Db,
  purchaseId: number,
  reason: string,
  actor: string,
  jobFinished = false,
): boolean {
  assertInTransaction(db, 'settleFailed');
  forgetPurchase(db, purchaseId);
  const p = getPurchaseById(db, purchaseId);
  if (!p || !canTransition(p.state, 'failed')) return false;
  // Guarded in SQL too, as the success is: the row read above is the one the refund is for.
  const failed = purchaseQuery(db, SETTLE_FAILED).get(reason, nowIso(), purchaseId);
  if (!failed) return false;
  postLedgerEntryFor(db, p.merchantId, p.environment, {
    kind: 'refund',
    amountKobo: p.debitKobo,
    purchaseId,
    reason: `refund ${p.internalReference}: ${reason}`.slice(0, 500),
    actor,
  });
  if (!jobFinished) finishJob(db, purchaseId);
  noteStateChange(db, p);
  recordPurchaseOutcome(db, purchaseOf(failed, db));
  return true;
}

/**
 * Reconciliation found that the upstream delivered a purchase we failed and refunded: it
 * becomes a success and the wallet pays it again by one `debit_correction` entry (throws
 * InsufficientBalance, changing nothing, when the wallet is short). In the caller's transaction.
 */
export function correctFailedToSuccess(
  db: Db,
  purchaseId: number,
  input: {
    actor: string;
    reason: string;
    /** What the upstream says it delivered (a token, a PIN) and its reference, kept as a vend's would be. */
    delivered?: { result: Record<string, unknown>; upstreamReference?: string };
  },
): Purchase {
  assertInTransaction(db, 'correctFailedToSuccess');
  forgetPurchase(db, purchaseId);
  const p = getPurchaseById(db, purchaseId);
  if (!p) throw new NotFound(`no purchase ${purchaseId}`);
  if (p.state !== 'failed') throw new Conflict(`purchase ${p.internalReference} is ${p.state}, not failed`);
  postLedgerEntryFor(db, p.merchantId, p.environment, {
    kind: 'debit_correction',
    amountKobo: -p.debitKobo,
    purchaseId,
    reason: `correction ${p.internalReference}: ${input.reason}`.slice(0, 500),
    actor: input.actor,
  });
  const row = purchaseQuery(
    db,
    `UPDATE purchases SET state = 'success', failure_reason = NULL, result = COALESCE(?, result),
       upstream_reference = COALESCE(?, upstream_reference), updated_at = ? WHERE id = ? AND state = 'failed'
       RETURNING ${PURCHASE_COLUMNS}`,
  ).get(
    input.delivered ? resultColumn(db, input.delivered.result) : null,
    input.delivered?.upstreamReference ?? null,
    nowIso(),
    purchaseId,
  )!;
  const corrected = purchaseOf(row, db);
  noteStateChange(db, corrected);
  // An integrator told `transaction.failed` must learn the sale was delivered after all.
  recordPurchaseOutcome(db, corrected);
  return corrected;
}

export type ReversalSource = 'admin' | 'upstream' | 'reconciliation';

/**
 * success -> reversed: the debit is credited back by one 'reversal' ledger entry, with its
 * audit entry and `transaction.reversed` event, in the caller's transaction. The guarded
 * update is the once-only rule (the ledger's unique index is the database's own); null when
 * the purchase was not a completed sale, and nothing was written.
 */
export function reverseCompletedSale(
  db: Db,
  purchaseId: number,
  input: { reason: string; actor: string; source: ReversalSource },
): Purchase | null {
  assertInTransaction(db, 'reverseCompletedSale');
  forgetPurchase(db, purchaseId);
  const now = nowIso();
  const row = purchaseQuery(
    db,
    `UPDATE purchases SET state = 'reversed', reversed_at = ?, reversal_reason = ?, needs_attention = 0,
         updated_at = ?
       WHERE id = ? AND ${mayBecome('reversed')} RETURNING ${PURCHASE_COLUMNS}`,
  ).get(now, input.reason, now, purchaseId);
  if (!row) return null;
  const p = purchaseOf(row, db);
  noteStateChange(db, p);
  postLedgerEntryFor(db, p.merchantId, p.environment, {
    kind: 'reversal',
    amountKobo: p.debitKobo,
    purchaseId,
    reason: `reversal ${p.internalReference}: ${input.reason}`.slice(0, 500),
    actor: input.actor,
  });
  recordAudit(db, input.actor, 'purchase.reverse', p.internalReference, {
    source: input.source,
    reason: input.reason,
    amount_kobo: p.debitKobo,
  });
  recordPurchaseOutcome(db, p);
  return p;
}

export function touchPurchase(
  db: Db,
  purchaseId: number,
  fields: { upstreamName?: string; upstreamReference?: string },
): void {
  forgetPurchase(db, purchaseId);
  prep(
    db,
    `UPDATE purchases SET upstream_name = COALESCE(?, upstream_name), upstream_reference = COALESCE(?, upstream_reference)
     WHERE id = ?`,
  ).run(fields.upstreamName ?? null, fields.upstreamReference ?? null, purchaseId);
}

/** Flags a pending purchase for an operator; false when it was no longer pending (nothing changed). */
export function flagNeedsAttention(db: Db, purchaseId: number): boolean {
  forgetPurchase(db, purchaseId);
  return (
    prep(db, `UPDATE purchases SET needs_attention = 1 WHERE id = ? AND state = 'pending'`).run(purchaseId)
      .changes > 0
  );
}

export interface PurchaseFilter {
  merchantId: number;
  environment: Environment;
  kind?: PurchaseKind;
  msisdn?: string;
  network?: string;
  state?: PurchaseState;
  /** The API's `failed` filter: failed and reversed sales both answer `01`. */
  failedOrReversed?: boolean;
  product?: string;
  search?: string;
  from?: string;
  to?: string;
}

function alternateMsisdn(m: string): string {
  if (/^0\d{10}$/.test(m)) return `234${m.slice(1)}`;
  if (/^234\d{10}$/.test(m)) return `0${m.slice(3)}`;
  return m;
}

const STATES: readonly PurchaseState[] = ['pending', 'success', 'failed', 'reversed'];

/** The conditions every list of one merchant's environment starts with. */
const ownPurchases = (f: PurchaseFilter) =>
  new SqlWhere().add('merchant_id = ? AND environment = ?', f.merchantId, f.environment);

function whereOf(f: PurchaseFilter): SqlWhere {
  const where = ownPurchases(f);
  if (f.kind) where.add('kind = ?', f.kind);
  // Numbers are stored as sent; a search for 080… also finds 23480… and the reverse.
  if (f.msisdn) {
    // "+234…" as people write it is the stored "234…" form.
    const m = /^\+234\d{10}$/.test(f.msisdn) ? f.msisdn.slice(1) : f.msisdn;
    where.add('msisdn IN (?, ?)', m, alternateMsisdn(m));
  }
  if (f.network) where.add('network = ? COLLATE NOCASE', f.network);
  // Written into the SQL (one of four words): SQLite then uses the pending-only index for 'pending'.
  if (f.state) {
    if (!STATES.includes(f.state)) throw new Error(`unknown purchase state ${f.state}`);
    where.add(`state = '${f.state}'`);
  }
  if (f.failedOrReversed) where.add("state IN ('failed', 'reversed')");
  if (f.product) where.add('product = ?', f.product);
  // The references a receipt prints are searched too: the provider's (`external_reference`,
  // `receipt_number`) live in a plain result; a sealed one (vouchers) starts otherwise than `{`,
  // and its order reference is the upstream reference.
  if (f.search)
    where.add(
      `(msisdn LIKE ? OR idem_key LIKE ? OR internal_reference LIKE ? OR upstream_reference LIKE ?
        OR CASE WHEN substr(result, 1, 1) = '{'
             THEN result ->> '$.external_reference' LIKE ? OR result ->> '$.receipt_number' LIKE ? END)`,
      ...Array(6).fill(`%${f.search}%`),
    );
  if (f.from) where.add('created_at >= ?', f.from);
  if (f.to) where.add('created_at < ?', f.to);
  return where;
}

/** The total from purchase_counts (kept by triggers) when the filter is on counted columns only. */
function countedTotal(db: Db, f: PurchaseFilter): number | null {
  if (f.msisdn || f.product || f.search || f.from || f.to) return null;
  const where = ownPurchases(f);
  if (f.kind) where.add('kind = ?', f.kind);
  if (f.network) where.add('network = ? COLLATE NOCASE', f.network);
  if (f.state) where.add('state = ?', f.state);
  if (f.failedOrReversed) where.add("state IN ('failed', 'reversed')");
  const sql = `SELECT COALESCE(SUM(n), 0) AS n FROM purchase_counts ${where.clause()}`;
  return (prep(db, sql).get(...where.params) as { n: number }).n;
}

const anchors = new WeakMap<Db, ListAnchors>();

function anchorsOf(db: Db): ListAnchors {
  let index = anchors.get(db);
  if (!index) anchors.set(db, (index = new ListAnchors()));
  return index;
}

/** Positions of state-filtered lists move when an older purchase settles. */
function noteStateChange(db: Db, p: { id: number; merchantId: number; environment: string }): void {
  anchors.get(db)?.forgetFrom(p.merchantId, p.environment, p.id);
}

/**
 * Newest first, page-numbered as the spec's list envelope expects. The total comes from the
 * kept counts where the filter allows (else one COUNT); the first pages are read from the
 * newest end, deeper ones from the nearest anchor (constant cost at any page depth); filters on
 * free text or dates fall back to OFFSET.
 */
export function listPurchases(
  db: Db,
  f: PurchaseFilter,
  page: number,
  limit: number,
): { rows: Purchase[]; total: number } {
  const { sql, params } = whereOf(f);
  const offset = (page - 1) * limit;
  const total =
    countedTotal(db, f) ??
    (prep(db, `SELECT COUNT(*) AS n FROM purchases WHERE ${sql}`).get(...params) as { n: number }).n;
  if (offset >= total) return { rows: [], total };
  if (offset < ANCHOR_STRIDE || f.search || f.from || f.to) {
    const rows = purchaseQuery(
      db,
      `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ).all(...params, limit, offset);
    return { rows: rows.map((r) => purchaseOf(r, db)), total };
  }
  // Newest-first positions [offset, offset + limit) are ascending positions [total - offset - limit, total - offset).
  const ascEnd = total - offset;
  const ascStart = Math.max(ascEnd - limit, 0);
  const at = anchorsOf(db).seek(
    db,
    {
      key: `${sql}|${JSON.stringify(params)}`,
      where: sql,
      params,
      merchantId: f.merchantId,
      environment: f.environment,
      onState: f.state !== undefined || f.failedOrReversed === true,
    },
    ascStart,
  );
  const rows = purchaseQuery(
    db,
    `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE ${sql} AND id >= ? ORDER BY id LIMIT ? OFFSET ?`,
  ).all(...params, at.fromId, ascEnd - ascStart, at.skip);
  return { rows: rows.reverse().map((r) => purchaseOf(r, db)), total };
}

export function listNeedsAttention(db: Db): Purchase[] {
  return purchaseQuery(
    db,
    `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE state = 'pending' AND needs_attention = 1 ORDER BY id`,
  )
    .all()
    .map((r) => purchaseOf(r, db));
}
