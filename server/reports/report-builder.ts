import type { Purchase } from '../store/purchases.js';
import type { DayPurchase, LedgerWindow } from '../store/report-queries.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { PurchaseState } from '../domain/purchase-state.js';
import { responseCodeOf } from '../domain/purchase-state.js';
import { dayWindow, localTime, type Day } from '../domain/business-days.js';
import { koboToApiNaira } from '../../common/money.js';
import { compareProducts } from '../../common/products.js';

/**
 * The daily report of one merchant, one environment and one local day, computed from rows the
 * caller loaded (store/report-queries.ts). Pure: the same input always gives the same report,
 * so the e-mail, the CLI and the console download agree.
 */

export interface ReportRow {
  /** Local time in the report timezone, `YYYY-MM-DD HH:MM:SS`. */
  time: string;
  internalReference: string;
  requestId: string;
  kind: Purchase['kind'];
  product: string;
  network: string;
  customerId: string;
  plan: string;
  amountKobo: number;
  debitKobo: number;
  /** The state when the day ended: what the day's balances and breakdown count. */
  status: PurchaseState;
  /** The state now; differs from `status` for a sale refunded, reversed or corrected after its day. */
  statusNow: PurchaseState;
  /** What the customer needs to use the purchase, where there is one (electricity token). */
  token: string;
}

export interface Tally {
  count: number;
  amountKobo: number;
  debitKobo: number;
}

export interface DailyReport {
  merchant: { id: number; code: string; name: string };
  environment: Environment;
  date: Day;
  timezone: string;
  window: { from: string; to: string };
  /** False while the day has not ended yet: such a report is a preview, never e-mailed. */
  complete: boolean;
  generatedAt: string;
  rows: ReportRow[];
  /** Successful purchases per product, in a stable order. */
  byProduct: ({ product: string } & Tally)[];
  /** By state at the day's end, so a report generated later tells the same day's story. */
  byStatus: Record<PurchaseState, Tally>;
  /** The day's purchases whose state changed after the day ended, by their state now. */
  changedAfterDay: Record<PurchaseState, Tally> & { total: Tally };
  /** Successful purchases: what the merchant sold and paid for. */
  totals: Tally;
  openingKobo: number;
  closingKobo: number;
  ledger: LedgerWindow['movements'];
}

export interface ReportInput {
  merchant: { id: number; code: string; name: string };
  environment: Environment;
  date: Day;
  timezone: string;
  purchases: DayPurchase[];
  ledger: LedgerWindow;
  nowMs: number;
}

const emptyTally = (): Tally => ({ count: 0, amountKobo: 0, debitKobo: 0 });
const tallyPerState = (): Record<PurchaseState, Tally> => ({
  success: emptyTally(),
  failed: emptyTally(),
  pending: emptyTally(),
  reversed: emptyTally(),
});
const add = (t: Tally, r: ReportRow) => {
  t.count += 1;
  t.amountKobo += r.amountKobo;
  t.debitKobo += r.debitKobo;
};

/**
 * Only the electricity token goes into the report: gift-card codes and PINs are bearer value
 * and must not travel in an e-mail attachment; the console shows them on demand.
 */
function tokenOf(p: Purchase): string {
  const t = p.state === 'success' ? p.result?.token : undefined;
  return typeof t === 'string' || typeof t === 'number' ? String(t) : '';
}

export function toReportRow({ purchase: p, stateAtEnd }: DayPurchase, tz: string): ReportRow {
  return {
    time: localTime(p.createdAt, tz),
    internalReference: p.internalReference,
    requestId: p.idemKey,
    kind: p.kind,
    product: p.product,
    network: p.network.toUpperCase(), // as the API echoes it
    customerId: p.msisdn,
    plan: p.planName || p.planRef,
    amountKobo: p.amountKobo,
    debitKobo: p.debitKobo,
    status: stateAtEnd,
    statusNow: p.state,
    token: tokenOf(p),
  };
}

export function buildDailyReport(input: ReportInput): DailyReport {
  const window = dayWindow(input.date, input.timezone);
  const rows = input.purchases.map((p) => toReportRow(p, input.timezone));
  const byStatus = tallyPerState();
  const changedAfterDay = { ...tallyPerState(), total: emptyTally() };
  const products = new Map<string, Tally>();
  const totals = emptyTally();
  for (const r of rows) {
    add(byStatus[r.status], r);
    if (r.statusNow !== r.status) {
      add(changedAfterDay[r.statusNow], r);
      add(changedAfterDay.total, r);
    }
    if (r.status !== 'success') continue;
    add(totals, r);
    if (!products.has(r.product)) products.set(r.product, emptyTally());
    add(products.get(r.product)!, r);
  }
  const byProduct = [...products.entries()]
    .sort(([a], [b]) => compareProducts(a, b))
    .map(([product, t]) => ({ product, ...t }));
  return {
    merchant: input.merchant,
    environment: input.environment,
    date: input.date,
    timezone: input.timezone,
    window,
    complete: input.nowMs >= Date.parse(window.to),
    generatedAt: new Date(input.nowMs).toISOString(),
    rows,
    byProduct,
    byStatus,
    changedAfterDay,
    totals,
    openingKobo: input.ledger.openingKobo,
    closingKobo: input.ledger.closingKobo,
    ledger: input.ledger.movements,
  };
}

const tallyJson = (t: Tally) => ({
  count: t.count,
  amount: koboToApiNaira(t.amountKobo),
  debit: koboToApiNaira(t.debitKobo),
});

/** The report as the CLI prints it and the console API returns it: Naira strings, snake_case. */
export function reportSummaryJson(r: DailyReport) {
  return {
    merchant_code: r.merchant.code,
    merchant_name: r.merchant.name,
    environment: r.environment,
    date: r.date,
    timezone: r.timezone,
    window: r.window,
    complete: r.complete,
    transactions: r.rows.length,
    totals: tallyJson(r.totals),
    totals_by_product: r.byProduct.map((p) => ({ product: p.product, ...tallyJson(p) })),
    status_breakdown: {
      success: tallyJson(r.byStatus.success),
      failed: tallyJson(r.byStatus.failed),
      pending: tallyJson(r.byStatus.pending),
      reversed: tallyJson(r.byStatus.reversed),
    },
    changed_after_day: {
      ...tallyJson(r.changedAfterDay.total),
      now_success: r.changedAfterDay.success.count,
      now_failed: r.changedAfterDay.failed.count,
      now_pending: r.changedAfterDay.pending.count,
      now_reversed: r.changedAfterDay.reversed.count,
    },
    opening_balance: koboToApiNaira(r.openingKobo),
    closing_balance: koboToApiNaira(r.closingKobo),
    wallet_movements: {
      funding: koboToApiNaira(r.ledger.funding),
      debits: koboToApiNaira(r.ledger.debit),
      refunds: koboToApiNaira(r.ledger.refund),
      adjustments: koboToApiNaira(r.ledger.adjustment),
      reversals: koboToApiNaira(r.ledger.reversal),
      debit_corrections: koboToApiNaira(r.ledger.debit_correction),
    },
    generated_at: r.generatedAt,
  };
}

/** Response code of a row's status, for the CSV (integrators reconcile on `00`/`01`/`02`). */
export const rowResponseCode = (r: ReportRow) => responseCodeOf(r.status);
