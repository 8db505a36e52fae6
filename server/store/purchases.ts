import { externalDataVersion, prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import type { PurchaseState } from '../domain/purchase-state.js';
import type Database from 'better-sqlite3';
import { noteChange } from './change-counter.js';
import { resultFromColumn } from './sealed-results.js';

/**
 * The purchase record: its columns, how a row becomes a Purchase, and the reads by id, key and
 * reference with the key cache. Creating one is purchase-create.ts, changing one
 * purchase-settle.ts, listing them purchase-lists.ts.
 */

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
  /** A failed sale's reason in the API's words (domain/failure-reason.ts); null on one failed before it was kept. */
  publicFailureReason: string | null;
}

/** What a create stores; the node fills in the rest (reference, state, outcome, timestamps). */
export type NewPurchase = Omit<Purchase, 'id' | 'internalReference' | Settled | Optional | Stamps> &
  Partial<Pick<Purchase, Optional>> & { actor: string };
type Settled =
  | 'state'
  | 'result'
  | 'failureReason'
  | 'publicFailureReason'
  | 'upstreamName'
  | 'upstreamReference'
  | 'needsAttention';
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
  'public_failure_reason',
].join(', ');

/** A stored purchase as PURCHASE_COLUMNS reads it: details and the (possibly sealed) result as JSON text, the attention flag 0 or 1. */
export type PurchaseValues = [
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
  publicFailureReason: string | null,
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
    publicFailureReason: v[30],
  };
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

/**
 * Called by every store function that changes a purchase, before it writes: the purchase
 * lists' answers are dropped (change counter) and the key cache forgets the purchase.
 */
export function forgetPurchase(db: Db, id: number): void {
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
