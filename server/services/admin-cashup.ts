import { stampMs } from '../store/stamp-clock.js';
import { DateTime } from 'luxon';
import type { Services } from './context.js';
import type { Environment } from '../store/credentials-crypto.js';
import { getConsoleUserById, type ConsoleUser } from '../store/console-users.js';
import { getMerchantById } from '../store/merchants.js';
import { compareProducts } from '../../common/products.js';
import {
  agentEarlierSalesRefunded,
  agentFailedAfterPending,
  agentSalesByProductAndState,
  type AgentSalesTally,
} from '../store/admin-queries.js';
import {
  lastCashup,
  recordCashup,
  type Cashup,
  type ShiftMerchantPart,
  type ShiftSummary,
  type Tally,
} from '../store/admin-cashups.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { koboToApiNaira, type Kobo } from '../../common/money.js';
import { localDayStart } from '../domain/business-days.js';
import { businessTimezone } from '../store/settings.js';

const NONE: Tally = { count: 0, amount_kobo: 0 };

const add = (t: Tally, r: Tally) => {
  t.count += r.count;
  t.amount_kobo += r.amount_kobo;
};

/**
 * Folds per-merchant, product and state rows into the cash-up's views; the shift's sales that
 * failed after pending (a part of its failed ones) get a line of their own. Each merchant the
 * shift sold for keeps its own part (`by_merchant`, in the order of the rows): an agent moved to
 * another merchant during the shift took cash for both, and each is owed its own.
 */
export function summariseShift(rows: AgentSalesTally[], failedAfterPending: Tally = NONE): ShiftSummary {
  const byStatus: ShiftSummary['by_status'] = {
    success: { count: 0, amount_kobo: 0 },
    pending: { count: 0, amount_kobo: 0 },
    failed: { count: 0, amount_kobo: 0 },
  };
  const byProduct = new Map<string, Tally>();
  const byMerchant = new Map<number, ShiftMerchantPart>();
  for (const r of rows) {
    const part = byMerchant.get(r.merchant_id) ?? {
      merchant_id: r.merchant_id,
      success: { count: 0, amount_kobo: 0 },
      pending: { count: 0, amount_kobo: 0 },
    };
    byMerchant.set(r.merchant_id, part);
    // A reversed sale delivered nothing the merchant keeps: its money went back, as a failed one's.
    const st = r.state === 'reversed' ? 'failed' : r.state;
    add(byStatus[st], r);
    if (st === 'pending') add(part.pending, r);
    if (r.state !== 'success') continue;
    add(part.success, r);
    const t = byProduct.get(r.product) ?? { count: 0, amount_kobo: 0 };
    add(t, r);
    byProduct.set(r.product, t);
  }
  byStatus.failed = {
    count: byStatus.failed.count - failedAfterPending.count,
    amount_kobo: byStatus.failed.amount_kobo - failedAfterPending.amount_kobo,
  };
  return {
    by_product: [...byProduct]
      .sort(([a], [b]) => compareProducts(a, b))
      .map(([product, t]) => ({ product, ...t })),
    by_status: byStatus,
    failed_after_pending: { ...failedAfterPending },
    by_merchant: [...byMerchant.values()],
  };
}

/**
 * The merchant a shift's cash-up is named for: the one whose sales it holds; when it holds
 * several merchants' (the agent was moved during it) or none, the agent's merchant at close.
 */
export function shiftMerchantId(summary: ShiftSummary, agentMerchantId: number): number {
  const parts = summary.by_merchant ?? [];
  return parts.length === 1 ? parts[0].merchant_id : agentMerchantId;
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

/**
 * The merchant a cash-up is named for, and its sales by merchant with each one's code and name
 * (by code). A cash-up recorded before users could be moved holds its own merchant's sales only.
 */
function merchantsJson(s: Services, summary: ShiftSummary, merchantId: number) {
  const st = summary.by_status;
  const sold =
    st.success.count + st.pending.count + st.failed.count + (summary.failed_after_pending?.count ?? 0);
  const parts =
    summary.by_merchant ??
    (sold ? [{ merchant_id: merchantId, success: st.success, pending: st.pending }] : []);
  const own = getMerchantById(s.db, merchantId);
  return {
    merchant: own?.name ?? '',
    merchant_code: own?.code ?? '',
    by_merchant: parts
      .map((part) => {
        const m = getMerchantById(s.db, part.merchant_id);
        return {
          merchant_code: m?.code ?? '',
          merchant: m?.name ?? '',
          sales_count: part.success.count,
          total: koboToApiNaira(part.success.amount_kobo),
          pending: tallyJson(part.pending),
        };
      })
      .sort((a, b) => a.merchant_code.localeCompare(b.merchant_code)),
  };
}

/** The open shift of an agent, not yet recorded: what the cash-up would say now. */
export function previewCashup(s: Services, userId: number, env: Environment, from?: unknown) {
  const user = agentOf(s, userId);
  const start = from === undefined || from === '' ? defaultStart(s, userId, env) : parseInstant(from, 'from');
  // Up to the books' time: after a clock set back, sales are stamped from the last stamp on
  // (stamp-clock.ts), and a shift ending at the computer's time would leave them out.
  const end = new Date(Math.max(s.now(), stampMs(s.db))).toISOString();
  if (start >= end) throw new InvalidInput('the shift must start before now', 'from');
  const summary = shiftSummary(s, userId, env, start, end);
  return {
    id: null,
    user: { id: user.id, username: user.username, role: user.role },
    ...merchantsJson(s, summary, shiftMerchantId(summary, user.merchantId)),
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
    merchantId: shiftMerchantId(summary, user.merchantId),
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
    ...merchantsJson(s, c.summary, c.merchantId),
    environment: c.environment,
    shift_start: c.shiftStart,
    shift_end: c.shiftEnd,
    ...summaryJson(c.summary, c.countedKobo),
    note: c.note,
    closed_by: c.closedBy,
    created_at: c.createdAt,
  };
}
