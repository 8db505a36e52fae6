import { responseCodeOf } from '../domain/purchase-state.js';
import { dayWindow, localTime } from '../domain/business-days.js';
import { formatNaira } from '../domain/money.js';
/** The order products appear in; anything else follows alphabetically. */
const PRODUCT_ORDER = ['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING', 'giftcard', 'esim', 'ESIM'];
export const PRODUCT_LABELS = {
    airtime: 'Airtime',
    data: 'Data',
    ELECTRICITY: 'Electricity',
    CABLE: 'Cable TV',
    BETTING: 'Betting',
    giftcard: 'Gift cards',
    esim: 'eSIMs',
    ESIM: 'eSIMs (gift-card redemption)',
};
const productRank = (p) => {
    const i = PRODUCT_ORDER.indexOf(p);
    return i === -1 ? PRODUCT_ORDER.length : i;
};
const emptyTally = () => ({ count: 0, amountKobo: 0, debitKobo: 0 });
const add = (t, r) => {
    t.count += 1;
    t.amountKobo += r.amountKobo;
    t.debitKobo += r.debitKobo;
};
/**
 * Only the electricity token goes into the report: gift-card codes and PINs are bearer value
 * and must not travel in an e-mail attachment; the console shows them on demand.
 */
function tokenOf(p) {
    const t = p.state === 'success' ? p.result?.token : undefined;
    return typeof t === 'string' || typeof t === 'number' ? String(t) : '';
}
export function toReportRow(p, tz) {
    return {
        time: localTime(p.createdAt, tz),
        internalReference: p.internalReference,
        requestId: p.idemKey,
        kind: p.kind,
        product: p.product,
        network: p.network,
        customerId: p.msisdn,
        plan: p.planName || p.planRef,
        amountKobo: p.amountKobo,
        debitKobo: p.debitKobo,
        status: p.state,
        token: tokenOf(p),
    };
}
export function buildDailyReport(input) {
    const window = dayWindow(input.date, input.timezone);
    const rows = input.purchases.map((p) => toReportRow(p, input.timezone));
    const byStatus = {
        success: emptyTally(),
        failed: emptyTally(),
        pending: emptyTally(),
    };
    const products = new Map();
    const totals = emptyTally();
    for (const r of rows) {
        add(byStatus[r.status], r);
        if (r.status !== 'success')
            continue;
        add(totals, r);
        if (!products.has(r.product))
            products.set(r.product, emptyTally());
        add(products.get(r.product), r);
    }
    const byProduct = [...products.entries()]
        .sort(([a], [b]) => productRank(a) - productRank(b) || a.localeCompare(b))
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
        totals,
        openingKobo: input.ledger.openingKobo,
        closingKobo: input.ledger.closingKobo,
        ledger: input.ledger.movements,
    };
}
const tallyJson = (t) => ({
    count: t.count,
    amount: formatNaira(t.amountKobo),
    debit: formatNaira(t.debitKobo),
});
/** The report as the CLI prints it and the console API returns it: Naira strings, snake_case. */
export function reportSummaryJson(r) {
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
        },
        opening_balance: formatNaira(r.openingKobo),
        closing_balance: formatNaira(r.closingKobo),
        wallet_movements: {
            funding: formatNaira(r.ledger.funding),
            debits: formatNaira(r.ledger.debit),
            refunds: formatNaira(r.ledger.refund),
            adjustments: formatNaira(r.ledger.adjustment),
        },
        generated_at: r.generatedAt,
    };
}
/** Response code of a row's status, for the CSV (integrators reconcile on `00`/`01`/`02`). */
export const rowResponseCode = (r) => responseCodeOf(r.status);
//# sourceMappingURL=report-builder.js.map