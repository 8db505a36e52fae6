import type { Db } from './db.js';
import { nowIso, prep } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { recordAudit } from './audit.js';
import { Conflict } from '../domain/errors.js';
import { writtenRow } from './rows.js';

/** A count of sales and their amount. */
export interface Tally {
  count: number;
  amount_kobo: number;
}

/** What a cash-up counted, kept as JSON in its `summary` column. */
export interface ShiftSummary {
  /** Successful sales per product: the cash the agent took for goods delivered. */
  by_product: ({ product: string } & Tally)[];
  /** `failed`: failed before the agent saw them pending, and reversed (in cash-ups recorded before failed_after_pending, every failed one). */
  by_status: Record<'success' | 'pending' | 'failed', Tally>;
  /** Failed after being pending: the customer may have paid meanwhile and is owed it (absent in older cash-ups). */
  failed_after_pending?: Tally;
  /** Earlier shifts' sales refunded during this one (absent in cash-ups recorded before it). */
  earlier_refunded?: Tally;
  /**
   * The shift's sales by the merchant they were made for: more than one when the agent was moved
   * to another merchant during the shift (absent in cash-ups recorded before users could be moved,
   * whose sales were all the cash-up's merchant's).
   */
  by_merchant?: ShiftMerchantPart[];
}

/** One merchant's part of a shift: its successful sales (its cash) and those still pending. */
export interface ShiftMerchantPart {
  merchant_id: number;
  success: Tally;
  pending: Tally;
}

/**
 * A closed shift of one agent in one environment (migration 006). `merchantId` names the
 * merchant whose sales it holds, or the agent's at close when it holds several merchants' (or none).
 */
export interface Cashup {
  id: number;
  userId: number;
  merchantId: number;
  environment: Environment;
  shiftStart: string;
  shiftEnd: string;
  salesCount: number;
  totalKobo: number;
  countedKobo: number | null;
  summary: ShiftSummary;
  note: string;
  closedBy: string;
  createdAt: string;
}

interface CashupRow {
  id: number;
  user_id: number;
  merchant_id: number;
  environment: Environment;
  shift_start: string;
  shift_end: string;
  sales_count: number;
  total_kobo: number;
  counted_kobo: number | null;
  summary: string;
  note: string;
  closed_by: string;
  created_at: string;
}

const toCashup = (r: CashupRow): Cashup => ({
  id: r.id,
  userId: r.user_id,
  merchantId: r.merchant_id,
  environment: r.environment,
  shiftStart: r.shift_start,
  shiftEnd: r.shift_end,
  salesCount: r.sales_count,
  totalKobo: r.total_kobo,
  countedKobo: r.counted_kobo,
  // Only recordCashup writes the column, from a ShiftSummary (older rows lack the optional parts).
  summary: JSON.parse(r.summary) as ShiftSummary,
  note: r.note,
  closedBy: r.closed_by,
  createdAt: r.created_at,
});

export function lastCashup(db: Db, userId: number, env: Environment): Cashup | null {
  const r = prep(
    db,
    'SELECT * FROM agent_cashups WHERE user_id = ? AND environment = ? ORDER BY id DESC LIMIT 1',
  ).get(userId, env) as CashupRow | undefined;
  return r ? toCashup(r) : null;
}

export function getCashup(db: Db, id: number): Cashup | null {
  const r = prep(db, 'SELECT * FROM agent_cashups WHERE id = ?').get(id) as CashupRow | undefined;
  return r ? toCashup(r) : null;
}

export function listCashups(db: Db, userId: number, limit = 50): Cashup[] {
  return (
    prep(db, 'SELECT * FROM agent_cashups WHERE user_id = ? ORDER BY id DESC LIMIT ?').all(
      userId,
      limit,
    ) as CashupRow[]
  ).map(toCashup);
}

export type NewCashup = Omit<Cashup, 'id' | 'createdAt'> & { agentName: string };

/**
 * Records a closed shift, audited. The check that it starts where the agent's last shift in
 * this environment ended (or later) shares the transaction with the insert, so two admins
 * closing the same shift at once cannot both count its sales.
 */
export function recordCashup(db: Db, c: NewCashup): Cashup {
  return db
    .transaction(() => {
      const last = lastCashup(db, c.userId, c.environment);
      if (last && c.shiftStart < last.shiftEnd) {
        throw new Conflict(
          `this shift overlaps the cash-up closed at ${last.shiftEnd}; start it at that time or later`,
        );
      }
      const id = Number(
        prep(
          db,
          `INSERT INTO agent_cashups (user_id, merchant_id, environment, shift_start, shift_end, sales_count, total_kobo,
             counted_kobo, summary, note, closed_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          c.userId,
          c.merchantId,
          c.environment,
          c.shiftStart,
          c.shiftEnd,
          c.salesCount,
          c.totalKobo,
          c.countedKobo,
          JSON.stringify(c.summary),
          c.note,
          c.closedBy,
          nowIso(db),
        ).lastInsertRowid,
      );
      recordAudit(db, c.closedBy, 'cashup.close', c.agentName, {
        environment: c.environment,
        shift_start: c.shiftStart,
        shift_end: c.shiftEnd,
        total_kobo: c.totalKobo,
        counted_kobo: c.countedKobo,
      });
      return writtenRow(getCashup(db, id), 'cash-up', id);
    })
    .immediate();
}
