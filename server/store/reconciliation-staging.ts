import type { Db } from './db.js';
import { prep } from './db.js';
import type { TheirState } from '../domain/reconciliation.js';
import { ESIM_REDEMPTION_PRODUCT } from '../domain/esim-sale.js';

/**
 * What a reconciliation run compares: the upstream's rows of the day, staged on disk while the
 * run pages through them, and the reads that set them beside our purchases.
 */

/** One row of the upstream's list, staged on disk while its run compares. */
export interface StagedRow {
  reference: string;
  state: TheirState;
  amountKobo: number;
  createdAt: string;
}

/** One page of the upstream's rows; a key listed twice (a row that moved between pages) keeps its last answer. */
export function stageRows(db: Db, runId: number, rows: readonly StagedRow[]): void {
  if (!rows.length) return;
  const insert = prep(
    db,
    `INSERT INTO reconciliation_rows (run_id, reference, state, amount_kobo, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, reference) DO UPDATE SET state = excluded.state, amount_kobo = excluded.amount_kobo,
       created_at = excluded.created_at`,
  );
  db.transaction(() => {
    for (const r of rows) insert.run(runId, r.reference, r.state, r.amountKobo, r.createdAt);
  }).immediate();
}

/** How many distinct upstream rows a run has staged (a row read twice counts once). */
export function countStaged(db: Db, runId: number): number {
  return (
    prep(db, 'SELECT COUNT(*) AS n FROM reconciliation_rows WHERE run_id = ?').get(runId) as { n: number }
  ).n;
}

/** A live purchase of the day at the upstream beside the upstream's row for its key (null fields: none). */
export interface OurSideRow {
  purchaseId: number;
  reference: string;
  state: string;
  amountKobo: number;
  theirState: TheirState | null;
  theirAmountKobo: number | null;
}

/**
 * Streams our side of the day (never all in memory): each live transaction sent to the upstream.
 * A gift card redeemed into an eSIM is a transaction here but an eSIM order there (it is sent
 * as one), so it is checked with the orders, never against the upstream's transaction list.
 */
export function* ourSideOfDay(
  db: Db,
  runId: number,
  upstreamName: string,
  window: { from: string; to: string },
): Generator<OurSideRow> {
  const stmt = db.prepare(
    `SELECT p.id AS purchaseId, p.internal_reference AS reference, p.state AS state, p.amount_kobo AS amountKobo,
            r.state AS theirState, r.amount_kobo AS theirAmountKobo
       FROM purchases p
       LEFT JOIN reconciliation_rows r ON r.run_id = ? AND r.reference = p.internal_reference
      WHERE p.merchant_id IN (SELECT id FROM merchants) AND p.environment = 'live' AND p.kind = 'transaction'
        AND p.product != ? AND p.created_at >= ? AND p.created_at < ? AND p.upstream_name = ?`,
  );
  yield* stmt.iterate(
    runId,
    ESIM_REDEMPTION_PRODUCT,
    window.from,
    window.to,
    upstreamName,
  ) as IterableIterator<OurSideRow>;
}

/**
 * Our live gift-card and eSIM orders of the day sent to the upstream, by id, with the gift cards
 * redeemed into eSIMs (sent as eSIM orders). The spec lists no orders, so each is asked about
 * by its own status; a day holds few enough to keep the ids.
 */
export function ourOrdersOfDay(db: Db, upstreamName: string, window: { from: string; to: string }): number[] {
  return prep(
    db,
    `SELECT id FROM purchases
      WHERE merchant_id IN (SELECT id FROM merchants) AND environment = 'live'
        AND (kind IN ('giftcard', 'esim') OR (kind = 'transaction' AND product = ?))
        AND created_at >= ? AND created_at < ? AND upstream_name = ?
      ORDER BY id`,
  )
    .pluck()
    .all(ESIM_REDEMPTION_PRODUCT, window.from, window.to, upstreamName) as number[];
}

/** The upstream's rows of the day that no purchase of ours sent to it carries. */
export function* theirSideOnly(
  db: Db,
  runId: number,
  upstreamName: string,
  window: { from: string; to: string },
): Generator<StagedRow & { purchaseId: number | null }> {
  const stmt = db.prepare(
    `SELECT r.reference AS reference, r.state AS state, r.amount_kobo AS amountKobo, r.created_at AS createdAt,
            (SELECT id FROM purchases WHERE internal_reference = r.reference) AS purchaseId
       FROM reconciliation_rows r
      WHERE r.run_id = ? AND r.created_at >= ? AND r.created_at < ?
        AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.internal_reference = r.reference AND p.upstream_name = ?)`,
  );
  yield* stmt.iterate(runId, window.from, window.to, upstreamName) as IterableIterator<
    StagedRow & { purchaseId: number | null }
  >;
}

export function purchaseSide(
  db: Db,
  reference: string,
): { id: number; state: string; amountKobo: number } | null {
  return (
    (prep(db, 'SELECT id, state, amount_kobo AS amountKobo FROM purchases WHERE internal_reference = ?').get(
      reference,
    ) as { id: number; state: string; amountKobo: number } | undefined) ?? null
  );
}
