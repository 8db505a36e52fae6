import type { Purchase } from '../store/purchases.js';
import type { LedgerWindow } from '../store/report-queries.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { PurchaseState } from '../domain/purchase-state.js';
import { type Day } from '../domain/business-days.js';
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
    status: PurchaseState;
    /** What the customer needs to use the purchase, where there is one (electricity token). */
    token: string;
}
export interface Tally {
    count: number;
    amountKobo: number;
    debitKobo: number;
}
export interface DailyReport {
    merchant: {
        id: number;
        code: string;
        name: string;
    };
    environment: Environment;
    date: Day;
    timezone: string;
    window: {
        from: string;
        to: string;
    };
    /** False while the day has not ended yet: such a report is a preview, never e-mailed. */
    complete: boolean;
    generatedAt: string;
    rows: ReportRow[];
    /** Successful purchases per product, in a stable order. */
    byProduct: ({
        product: string;
    } & Tally)[];
    byStatus: Record<PurchaseState, Tally>;
    /** Successful purchases: what the merchant sold and paid for. */
    totals: Tally;
    openingKobo: number;
    closingKobo: number;
    ledger: LedgerWindow['movements'];
}
export interface ReportInput {
    merchant: {
        id: number;
        code: string;
        name: string;
    };
    environment: Environment;
    date: Day;
    timezone: string;
    purchases: Purchase[];
    ledger: LedgerWindow;
    nowMs: number;
}
export declare const PRODUCT_LABELS: Record<string, string>;
export declare function toReportRow(p: Purchase, tz: string): ReportRow;
export declare function buildDailyReport(input: ReportInput): DailyReport;
/** The report as the CLI prints it and the console API returns it: Naira strings, snake_case. */
export declare function reportSummaryJson(r: DailyReport): {
    merchant_code: string;
    merchant_name: string;
    environment: Environment;
    date: string;
    timezone: string;
    window: {
        from: string;
        to: string;
    };
    complete: boolean;
    transactions: number;
    totals: {
        count: number;
        amount: string;
        debit: string;
    };
    totals_by_product: {
        count: number;
        amount: string;
        debit: string;
        product: string;
    }[];
    status_breakdown: {
        success: {
            count: number;
            amount: string;
            debit: string;
        };
        failed: {
            count: number;
            amount: string;
            debit: string;
        };
        pending: {
            count: number;
            amount: string;
            debit: string;
        };
    };
    opening_balance: string;
    closing_balance: string;
    wallet_movements: {
        funding: string;
        debits: string;
        refunds: string;
        adjustments: string;
    };
    generated_at: string;
};
export type ReportSummaryJson = ReturnType<typeof reportSummaryJson>;
/** Response code of a row's status, for the CSV (integrators reconcile on `00`/`01`/`02`). */
export declare const rowResponseCode: (r: ReportRow) => import("../domain/purchase-state.js").ResponseCode;
