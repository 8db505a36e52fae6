import { DateTime } from 'luxon';
import type { Services } from './context.js';
import type { Environment } from '../store/credentials-crypto.js';
import { getConsoleUserById, type ConsoleUser } from '../store/console-users.js';
import { getMerchantById } from '../store/merchants.js';
import {
  agentEarlierSalesRefunded,
  agentFailedAfterPending,
  agentSalesByProductAndState,
  type SalesTally,
} from '../store/admin-queries.js';
import {
  lastCashup,
  recordCashup,
  type Cashup,
  type ShiftSummary,
  type Tally,
} from '../store/admin-cashups.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { koboToApiNaira, type Kobo } from '../../common/money.js';
import { localDayStart } from '../domain/business-days.js';
import { businessTimezone } from '../store/settings.js';

const NONE: Tally = { count: 0, amount_kobo: 0 };

/**
 * Folds per-product-and-state rows into the cash-up's two views; the shift's sales that failed
 * after pending (a part of its failed ones) get a line of their own.
 */
export function summariseShift(rows: SalesTally[], failedAfterPending: Tally = NONE): ShiftSummary {
  const byStatus: ShiftSummary['by_status'] = {
    success: { count: 0, amount_kobo: 0 },
    pending: { count: 0, amount_kobo: 0 },
    failed: { count: 0, amount_kobo: 0 },
  };
  const byProduct = new Map<string, Tally>();
  for (const r of rows) {
    // A reversed sale delivered nothing the merchant keeps: its money went back, as a failed one's.
    const st = r.state === 'reversed' ? 'failed' : r.state;
    byStatus[st].count += r.count;
    byStatus[st].amount_kobo += r.amount_kobo;
    if (r.state !== 'success') continue;
    const t = byProduct.get(r.product) ?? { count: 0, amount_kobo: 0 };
    t.count += r.count;
    t.amount_kobo += r.amount_kobo;
    byProduct.set(r.product, t);
  }
  byStatus.failed = {
    count: byStatus.failed.count - failedAfterPending.count,
    amount_kobo: byStatus.failed.amount_kobo - failedAfterPending.amount_kobo,
  };
  return {
    by_product: [...byProduct].map(([product, t]) => ({ product, ...t })),
    by_status: byStatus,
    failed_after_pending: { ...failedAfterPending },
  };
}

function shiftSummary(
  s: Services,
  userId: number,
  env: Environment,
  start: string,
  end: string,
): ShiftSummary {
  const summary = summariseShift(
    agentSalesByProductAndState(s.db, userId, env, start, end),
    agentFailedAfterPending(s.db, userId, env, start, end, s.config.syncTimeoutMs),
  );
  return { ...summary, earlier_refunded: agentEarlierSalesRefunded(s.db, userId, env, start, end) };
}

function agentOf(s: Services, userId: number): ConsoleUser {
  const user = getConsoleUserById(s.db, userId);
  if (!user) throw new NotFound(`console user ${userId} not found`);
  return user;
}

function parseInstant(value: unknown, field: string): string {
  const d = typeof value === 'string' ? DateTime.fromISO(value, { setZone: true }) : null;
  if (!d || !d.isValid)
    throw new InvalidInput(`${field} must be a date and time, e.g. 2026-01-31T08:00:00Z`, field);
  return d.toUTC().toISO()!;
}

/** Where the open shift starts: the end of the last cash-up, else the start of the business day. */
function defaultStart(s: Services, userId: number, env: Environment): string {
  const last = lastCashup(s.db, userId, env);
  return last?.shiftEnd ?? localDayStart(s.now(), businessTimezone(s.db));
}

const tallyJson = (t: Tally) => ({ count: t.count, amount: koboToApiNaira(t.amount_kobo) });

function summaryJson(summary: ShiftSummary, countedKobo: Kobo | null) {
  const expected = summary.by_status.success.amount_kobo;
  return {
    earlier_refunded: tallyJson(summary.earlier_refunded ?? NONE),
    failed_after_pending: tallyJson(summary.failed_after_pending ?? NONE),
    by_product: summary.by_product.map((p) => ({ product: p.product, ...tallyJson(p) })),
    by_status: {
      success: tallyJson(summary.by_status.success),
      pending: tallyJson(summary.by_status.pending),
      failed: tallyJson(summary.by_status.failed),
    },
    sales_count: summary.by_status.success.count,
    total: koboToApiNaira(expected),
    counted: countedKobo === null ? null : koboToApiNaira(countedKobo),
    // Positive: more cash than sales (an over); negative: cash missing (a short).
    difference: countedKobo === null ? null : koboToApiNaira(countedKobo - expected),
  };
}

/** The open shift of an agent, not yet recorded: what the cash-up would say now. */
export function previewCashup(s: Services, userId: number, env: Environment, from?: unknown) {
  const user = agentOf(s, userId);
  const start = from === undefined || from === '' ? defaultStart(s, userId, env) : parseInstant(from, 'from');
  const end = new Date(s.now()).toISOString();
  if (start >= end) throw new InvalidInput('the shift must start before now', 'from');
  const summary = shiftSummary(s, userId, env, start, end);
  return {
    id: null,
    user: { id: user.id, username: user.username, role: user.role },
    merchant: getMerchantById(s.db, user.merchantId)?.name ?? '',
    environment: env,
    shift_start: start,
    shift_end: end,
    ...summaryJson(summary, null),
    note: '',
    closed_by: null,
    created_at: null,
  };
}

/** Closes the agent's shift now: tallies its sales and records the cash-up (audited). */
export function closeCashup(
  s: Services,
  userId: number,
  env: Environment,
  input: { from?: unknown; countedKobo: Kobo | null; note: string },
  actor: string,
) {
  const preview = previewCashup(s, userId, env, input.from);
  const user = agentOf(s, userId);
  const summary = shiftSummary(s, userId, env, preview.shift_start, preview.shift_end);
  const c = recordCashup(s.db, {
    userId,
    agentName: user.username,
    merchantId: user.merchantId,
    environment: env,
    shiftStart: preview.shift_start,
    shiftEnd: preview.shift_end,
    salesCount: summary.by_status.success.count,
    totalKobo: summary.by_status.success.amount_kobo,
    countedKobo: input.countedKobo,
    summary,
    note: input.note.slice(0, 500),
    closedBy: actor,
  });
  return cashupJson(s, c);
}

/** A recorded cash-up as the console shows and prints it. */
export function cashupJson(s: Services, c: Cashup) {
  const user = agentOf(s, c.userId);
  return {
    id: c.id,
    user: { id: user.id, username: user.username, role: user.role },
    merchant: getMerchantById(s.db, c.merchantId)?.name ?? '',
    environment: c.environment,
    shift_start: c.shiftStart,
    shift_end: c.shiftEnd,
    ...summaryJson(c.summary, c.countedKobo),
    note: c.note,
    closed_by: c.closedBy,
    created_at: c.createdAt,
  };
}
