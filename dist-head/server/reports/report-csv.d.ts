import { type DailyReport } from './report-builder.js';
/**
 * The CSV attachment. Its columns are a contract with merchants' reconciliation scripts:
 * append new columns at the end, never rename or reorder these.
 */
export declare const REPORT_CSV_COLUMNS: readonly ["time", "internal_reference", "request_id", "kind", "product", "network", "customer_id", "plan", "amount", "debit", "status", "response_code", "token"];
/**
 * Text a merchant or customer chose (request ids, customer ids) could start with `=`, `+`,
 * `-` or `@` and run as a formula when the CSV is opened in a spreadsheet; such cells get a
 * leading apostrophe (OWASP "CSV injection").
 */
export declare function spreadsheetSafe(text: string): string;
/** RFC 4180 CSV with a header row; CRLF line ends as mail clients and spreadsheets expect. */
export declare function reportCsv(report: DailyReport): string;
export declare function reportCsvFileName(report: Pick<DailyReport, 'merchant' | 'environment' | 'date'>): string;
