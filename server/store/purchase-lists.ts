import { prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import type { PurchaseState } from '../domain/purchase-state.js';
import { ANCHOR_STRIDE, ListAnchors } from './list-anchors.js';
import { SqlWhere } from './sql-where.js';
import { toLocalMsisdn } from '../../common/network-prefixes.js';
import {
  PURCHASE_COLUMNS,
  purchaseOf,
  purchaseQuery,
  type Purchase,
  type PurchaseKind,
  type PurchaseValues,
} from './purchases.js';

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
  /** One sale, found by its reference or request id (exactSearchMatch). */
  id?: number;
  /** Sales to exactly this customer id as stored (a meter, smartcard or betting account). */
  customer?: string;
  from?: string;
  to?: string;
}

/** A whole number's other form (0… and 234…): the list finds it stored either way. */
function alternateMsisdn(m: string): string {
  if (/^0\d{10}$/.test(m)) return `234${m.slice(1)}`;
  if (/^234\d{10}$/.test(m)) return toLocalMsisdn(m);
  return m;
}

const STATES: readonly PurchaseState[] = ['pending', 'success', 'failed', 'reversed'];

/** Text for a LIKE pattern with ESCAPE '\\': its own \\, % and _ match themselves. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a read that may be stopped midway calls in its WHERE (the History search's thread
 * defines it on its connection; it throws to end the read): SQLite's step cannot be
 * interrupted from better-sqlite3, and a JavaScript function is the one way back into the scan.
 */
export const SEARCH_CHECKPOINT = 'search_goes_on';
/**
 * A stoppable read calls SEARCH_CHECKPOINT at the sales whose id is a multiple of this: about
 * once a millisecond of scan at a million sales. Called on every row it cost 23% of a text
 * search's time (150 ns a call); on these rows only, nothing measurable (docs/performance.md).
 * A prime, so no regular interleaving of merchants' or environments' ids can step around it.
 */
export const CHECKPOINT_EVERY = 1009;

/** How a list is read: `stoppable` on a connection that defines SEARCH_CHECKPOINT. */
export interface ReadOptions {
  stoppable?: boolean;
}

/** The conditions every list of one merchant's environment starts with. */
const ownPurchases = (f: PurchaseFilter) =>
  new SqlWhere().add('merchant_id = ? AND environment = ?', f.merchantId, f.environment);

function whereOf(f: PurchaseFilter, opts: ReadOptions = {}): SqlWhere {
  const where = ownPurchases(f);
  // Before the filters, so the scan's every row passes it (always true: the answer is the same).
  if (opts.stoppable) where.add(`(id % ${CHECKPOINT_EVERY} <> 0 OR ${SEARCH_CHECKPOINT}())`);
  if (f.kind) where.add('kind = ?', f.kind);
  // Numbers are stored as sent; a search for 080… also finds 23480… and the reverse.
  if (f.msisdn) {
    // "+234…" as people write it is the stored "234…" form.
    const m = /^\+234\d{10}$/.test(f.msisdn) ? f.msisdn.slice(1) : f.msisdn;
    where.add('msisdn IN (?, ?)', m, alternateMsisdn(m));
  }
  if (f.id !== undefined) where.add('id = ?', f.id);
  if (f.customer !== undefined) where.add('msisdn = ?', f.customer);
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
  // The item's name too (a gift card, an eSIM plan, a bouquet), as those sales have no phone.
  // What was typed is matched as text: its % and _ are escaped, not LIKE's wildcards.
  if (f.search)
    where.add(
      `(msisdn LIKE ? ESCAPE '\\' OR idem_key LIKE ? ESCAPE '\\' OR internal_reference LIKE ? ESCAPE '\\'
        OR upstream_reference LIKE ? ESCAPE '\\' OR plan_name LIKE ? ESCAPE '\\'
        OR CASE WHEN substr(result, 1, 1) = '{'
             THEN result ->> '$.external_reference' LIKE ? ESCAPE '\\'
               OR result ->> '$.receipt_number' LIKE ? ESCAPE '\\' END)`,
      ...Array(7).fill(`%${likeLiteral(f.search)}%`),
    );
  if (f.from) where.add('created_at >= ?', f.from);
  if (f.to) where.add('created_at < ?', f.to);
  return where;
}

/**
 * The table a list reads, through the phone index when it is for one customer's number: without
 * table statistics SQLite walks purchases_list newest first instead (to spare a sort of a
 * handful of rows), testing every sale of the merchant on the way: about 0.7 s at a million
 * sales for a number sold to once, where the index answers in well under a millisecond.
 */
const sourceOf = (f: PurchaseFilter): string =>
  f.msisdn || f.customer !== undefined ? 'purchases INDEXED BY purchases_msisdn' : 'purchases';

/** A whole search text that names sales exactly: one index lookup each, in this order. */
export type ExactMatch =
  | { matched: 'reference'; id: number }
  | { matched: 'request_id'; id: number }
  | { matched: 'customer'; customer: string };

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * What a search text names exactly among one merchant's sales of one environment: a sale's
 * internal reference (the receipt's), a request id, or `customerId` as stored (a meter or
 * smartcard number: the caller's reading of the text, its digits when typed in groups). Each
 * is an index lookup, where looking
 * for the text in every field reads every sale (seconds at a million); null when none matches,
 * and the text is then looked for in every field.
 */
export function exactSearchMatch(
  db: Db,
  own: { merchantId: number; environment: Environment },
  text: string,
  customerId: string,
): ExactMatch | null {
  if (UUID.test(text)) {
    const byRef = prep(
      db,
      'SELECT id FROM purchases WHERE internal_reference = ? AND merchant_id = ? AND environment = ?',
    )
      .pluck()
      .get(text.toLowerCase(), own.merchantId, own.environment);
    if (typeof byRef === 'number') return { matched: 'reference', id: byRef };
  }
  const byKey = prep(
    db,
    'SELECT id FROM purchases WHERE merchant_id = ? AND environment = ? AND idem_key = ?',
  )
    .pluck()
    .get(own.merchantId, own.environment, text);
  if (typeof byKey === 'number') return { matched: 'request_id', id: byKey };
  const sold = prep(
    db,
    'SELECT 1 FROM purchases INDEXED BY purchases_msisdn WHERE merchant_id = ? AND environment = ? AND msisdn = ? LIMIT 1',
  )
    .pluck()
    .get(own.merchantId, own.environment, customerId);
  return sold === undefined ? null : { matched: 'customer', customer: customerId };
}

/** The total from purchase_counts (kept by triggers) when the filter is on counted columns only. */
function countedTotal(db: Db, f: PurchaseFilter): number | null {
  if (f.msisdn || f.product || f.search || f.from || f.to || f.id !== undefined || f.customer !== undefined)
    return null;
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
export function noteStateChange(db: Db, p: { id: number; merchantId: number; environment: string }): void {
  anchors.get(db)?.forgetFrom(p.merchantId, p.environment, p.id);
}

/**
 * Newest first, page-numbered as the spec's list envelope expects. The total comes from the
 * kept counts where the filter allows (else one COUNT); the first pages are read from the
 * newest end, deeper ones from the nearest anchor (constant cost at any page depth); filters on
 * one number, free text or dates fall back to OFFSET.
 */
export function listPurchases(
  db: Db,
  f: PurchaseFilter,
  page: number,
  limit: number,
): { rows: Purchase[]; total: number } {
  const { rows, total } = listPurchaseValues(db, f, page, limit);
  return { rows: rows.map((r) => purchaseOf(r, db)), total };
}

/**
 * listPurchases' rows as stored (a sealed result still sealed): the History search's thread
 * reads them over its own connection, which has no box, and the main thread opens them.
 */
export function listPurchaseValues(
  db: Db,
  f: PurchaseFilter,
  page: number,
  limit: number,
  opts: ReadOptions = {},
): { rows: PurchaseValues[]; total: number } {
  const { sql, params } = whereOf(f, opts);
  const from = sourceOf(f);
  const offset = (page - 1) * limit;
  const total =
    countedTotal(db, f) ??
    (prep(db, `SELECT COUNT(*) AS n FROM ${from} WHERE ${sql}`).get(...params) as { n: number }).n;
  if (offset >= total) return { rows: [], total };
  // One number's sales are few enough to sort and skip through from its index.
  if (
    offset < ANCHOR_STRIDE ||
    f.msisdn ||
    f.search ||
    f.from ||
    f.to ||
    f.id !== undefined ||
    f.customer !== undefined
  ) {
    const rows = purchaseQuery(
      db,
      `SELECT ${PURCHASE_COLUMNS} FROM ${from} WHERE ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ).all(...params, limit, offset);
    return { rows, total };
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
  return { rows: rows.reverse(), total };
}

/**
 * Every purchase the filter holds, newest first (the list's order), in pages of `pageSize`:
 * each page is its own query that starts below the last id read, so an export holds one page at
 * a time and no statement stays open between pages. Sales made meanwhile (newer ids) are not
 * taken in: the export is what the filter held when it began.
 */
export function* purchasePages(db: Db, f: PurchaseFilter, pageSize: number): Generator<Purchase[]> {
  let below = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = purchasePageValues(db, f, below, pageSize).map((r) => purchaseOf(r, db));
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    below = rows[rows.length - 1].id;
  }
}

/** One page of purchasePages as stored: the filter's newest `pageSize` sales below id `below`. */
export function purchasePageValues(
  db: Db,
  f: PurchaseFilter,
  below: number,
  pageSize: number,
  opts: ReadOptions = {},
): PurchaseValues[] {
  const { sql, params } = whereOf(f, opts);
  return purchaseQuery(
    db,
    `SELECT ${PURCHASE_COLUMNS} FROM ${sourceOf(f)} WHERE ${sql} AND id < ? ORDER BY id DESC LIMIT ?`,
  ).all(...params, below, pageSize);
}

export function listNeedsAttention(db: Db): Purchase[] {
  return purchaseQuery(
    db,
    `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE state = 'pending' AND needs_attention = 1 ORDER BY id`,
  )
    .all()
    .map((r) => purchaseOf(r, db));
}
