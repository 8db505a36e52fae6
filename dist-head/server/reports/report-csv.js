import { stringify } from 'csv-stringify/sync';
import { formatNaira } from '../domain/money.js';
import { rowResponseCode } from './report-builder.js';
/**
 * The CSV attachment. Its columns are a contract with merchants' reconciliation scripts:
 * append new columns at the end, never rename or reorder these.
 */
export const REPORT_CSV_COLUMNS = [
    'time',
    'internal_reference',
    'request_id',
    'kind',
    'product',
    'network',
    'customer_id',
    'plan',
    'amount',
    'debit',
    'status',
    'response_code',
    'token',
];
/**
 * Text a merchant or customer chose (request ids, customer ids) could start with `=`, `+`,
 * `-` or `@` and run as a formula when the CSV is opened in a spreadsheet; such cells get a
 * leading apostrophe (OWASP "CSV injection").
 */
export function spreadsheetSafe(text) {
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
function csvRecord(r) {
    return [
        r.time,
        r.internalReference,
        spreadsheetSafe(r.requestId),
        r.kind,
        r.product,
        spreadsheetSafe(r.network),
        spreadsheetSafe(r.customerId),
        spreadsheetSafe(r.plan),
        formatNaira(r.amountKobo),
        formatNaira(r.debitKobo),
        r.status,
        rowResponseCode(r),
        r.token,
    ];
}
/** RFC 4180 CSV with a header row; CRLF line ends as mail clients and spreadsheets expect. */
export function reportCsv(report) {
    return stringify([[...REPORT_CSV_COLUMNS], ...report.rows.map(csvRecord)], { record_delimiter: 'windows' });
}
export function reportCsvFileName(report) {
    return `vendpoint-report-${report.merchant.code}-${report.environment}-${report.date}.csv`;
}
//# sourceMappingURL=report-csv.js.map