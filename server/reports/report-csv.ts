import { csvAmount, toCsv, type CsvCell } from '../domain/csv.js';
import { koboToApiNaira } from '../../common/money.js';
import { rowResponseCode, type DailyReport, type ReportRow } from './report-builder.js';

/**
 * The CSV attachment. Its columns are a contract with merchants' reconciliation scripts:
 * append new columns at the end, never rename or reorder these. `status` and `response_code`
 * are as the day ended (what its balances count); `status_now` differs for a sale refunded,
 * reversed or corrected since.
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
  'status_now',
  // The zone \`time\` is read in, so a CSV forwarded on its own still says which clock it counts in.
  'time_zone',
] as const;

function csvRecord(r: ReportRow, timeZone: string): CsvCell[] {
  return [
    r.time,
    r.internalReference,
    r.requestId,
    r.kind,
    r.product,
    r.network,
    r.customerId,
    r.plan,
    csvAmount(koboToApiNaira(r.amountKobo)),
    csvAmount(koboToApiNaira(r.debitKobo)),
    r.status,
    rowResponseCode(r),
    r.token,
    r.statusNow,
    timeZone,
  ];
}

/** RFC 4180 CSV with a header row; CRLF line ends as mail clients and spreadsheets expect. */
export function reportCsv(report: DailyReport): string {
  return toCsv(
    REPORT_CSV_COLUMNS,
    report.rows.map((r) => csvRecord(r, report.timezone)),
    { crlf: true },
  );
}

export function reportCsvFileName(report: Pick<DailyReport, 'merchant' | 'environment' | 'date'>): string {
  return `vendpoint-report-${report.merchant.code}-${report.environment}-${report.date}.csv`;
}
