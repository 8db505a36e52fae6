import { DateTime } from 'luxon';
import { REPORT_STATUSES, REPORT_STATUS_LABEL } from '../../common/report-statuses.js';
import { formatKobo, groupedNaira } from '../../common/money-display.js';
import { type DailyReport, type Tally } from './report-builder.js';
import { reportProductName } from '../../common/products.js';

/** How the CSV travels: attached, or (too large) as a link to the console download. */
export type CsvDelivery =
  | { kind: 'attached'; fileName: string; bytes: number }
  | { kind: 'link'; url: string; bytes: number; limitBytes: number };

export interface ReportEmail {
  subject: string;
  text: string;
  html: string;
}

const signedNaira = (kobo: number) => (kobo > 0 ? `+${groupedNaira(kobo)}` : groupedNaira(kobo));
const humanDay = (r: DailyReport) => DateTime.fromISO(r.date, { zone: 'UTC' }).toFormat('cccc d LLLL yyyy');
/** When the report was built, in the zone its footer says every time is in (not the UTC instant). */
const generatedWhen = (r: DailyReport) =>
  DateTime.fromISO(r.generatedAt, { zone: r.timezone }).toFormat('d LLL yyyy, HH:mm:ss');
const humanBytes = (n: number) =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : `${Math.ceil(n / 1000)} kB`;

export function reportSubject(r: DailyReport): string {
  const test = r.environment === 'test' ? '[TEST] ' : '';
  return `${test}Daily report ${r.date}: ${r.merchant.name} (${r.merchant.code})`;
}

const STATUS_ROWS: { key: keyof DailyReport['byStatus']; label: string }[] = REPORT_STATUSES.map((key) => ({
  key,
  label: REPORT_STATUS_LABEL[key],
}));

const NOW_LABEL: Record<keyof DailyReport['byStatus'], string> = {
  success: 'now successful',
  failed: 'now failed (refunded)',
  pending: 'now pending',
  reversed: 'now reversed (credited back)',
};

/** Sales of the day settled after it ended, by their state now (the breakdown keeps the day's). */
function changedRows(r: DailyReport): { label: string; tally: Tally }[] {
  return STATUS_ROWS.filter((s) => r.changedAfterDay[s.key].count > 0).map((s) => ({
    label: NOW_LABEL[s.key],
    tally: r.changedAfterDay[s.key],
  }));
}

const CHANGED_NOTE =
  'The breakdown is as the day ended; these sales of the day changed after it (the CSV column status_now says how).';

/** The sentence about the CSV, without the link itself (the text and HTML parts add it their way). */
function csvNote(r: DailyReport, csv: CsvDelivery): string {
  const n = `${r.rows.length} transaction${r.rows.length === 1 ? '' : 's'} and orders`;
  if (csv.kind === 'attached' && r.rows.length === 0)
    return `There were no transactions or orders on this day; ${csv.fileName} is attached with its header row only.`;
  if (csv.kind === 'attached') return `The attached ${csv.fileName} lists all ${n} of the day.`;
  return `The list of all ${n} (${humanBytes(csv.bytes)}) is larger than the ${humanBytes(csv.limitBytes)} attachment limit, so it is not attached; download it from the console`;
}

/** The plain-text part: aligned columns that read in any client and in a terminal. */
export function reportText(r: DailyReport, csv: CsvDelivery): string {
  // Labels indented under their heading; counts and amounts in fixed columns, as wide as the
  // longest label this report prints ("  Reversed (credited back after success)" is 41 characters).
  const labels = [
    ...STATUS_ROWS.map((s) => s.label),
    ...Object.values(NOW_LABEL),
    ...r.byProduct.map((p) => reportProductName(p.product)),
  ];
  const width = Math.max(30, ...labels.map((l) => l.length + 3));
  const line = (label: string, count: string, amount: string, indent = '  ') =>
    `${(indent + label).padEnd(width)}${count.padStart(6)}  NGN ${amount.padStart(16)}`;
  const tally = (label: string, t: Tally) => line(label, String(t.count), groupedNaira(t.amountKobo));
  const out = [
    `Daily report for ${r.merchant.name} (${r.merchant.code})${r.environment === 'test' ? ' - TEST environment' : ''}`,
    `${humanDay(r)}, 00:00:00 to 23:59:59 ${r.timezone}`,
    '',
    line('Opening balance', '', groupedNaira(r.openingKobo), ''),
    line('Closing balance', '', groupedNaira(r.closingKobo), ''),
    '',
    'Successful sales by product',
    ...(r.byProduct.length ? r.byProduct.map((p) => tally(reportProductName(p.product), p)) : ['  (none)']),
    tally('Total', r.totals),
    '',
    'Status breakdown',
    ...STATUS_ROWS.map((s) => tally(s.label, r.byStatus[s.key])),
    '',
    ...(r.changedAfterDay.total.count
      ? [
          'Changed after the day',
          ...changedRows(r).map((c) => tally(c.label, c.tally)),
          `  ${CHANGED_NOTE}`,
          '',
        ]
      : []),
    'Wallet movements',
    line('Funding', '', signedNaira(r.ledger.funding)),
    line('Purchases', '', signedNaira(r.ledger.debit)),
    line('Refunds', '', signedNaira(r.ledger.refund)),
    line('Adjustments', '', signedNaira(r.ledger.adjustment)),
    line('Reversals', '', signedNaira(r.ledger.reversal)),
    line('Debit corrections', '', signedNaira(r.ledger.debit_correction)),
    '',
    csv.kind === 'attached' ? csvNote(r, csv) : `${csvNote(r, csv)}:\n  ${csv.url}`,
    '',
    `Amounts are in Naira; debit is what your wallet paid. Times are ${r.timezone}.`,
    `Generated ${generatedWhen(r)} by VendPoint.`,
  ];
  return `${out.join('\n')}\n`;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

// Mail clients drop <style> blocks and ignore most CSS: tables and inline styles only.
const TD = 'padding:6px 10px;border-bottom:1px solid #e5e7eb;font-size:14px;';
const NUM = `${TD}text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;`;
const TH =
  'padding:6px 10px;border-bottom:2px solid #d1d5db;font-size:12px;text-transform:uppercase;color:#6b7280;text-align:left;';
const THN = `${TH}text-align:right;`;
const H2 = 'font-size:16px;margin:24px 0 8px;color:#111827;';

function table(head: string[], rows: string[][], numericFrom: number): string {
  const th = head.map((h, i) => `<th style="${i >= numericFrom ? THN : TH}">${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map((cells, ri) => {
      const last = ri === rows.length - 1 && cells[0] === 'Total';
      return `<tr>${cells.map((c, i) => `<td style="${i >= numericFrom ? NUM : TD}${last ? 'font-weight:bold;' : ''}">${escapeHtml(c)}</td>`).join('')}</tr>`;
    })
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tr>${th}</tr>${body}</table>`;
}

const naira = formatKobo;

/** The HTML part: one column, 640 px, inline styles, readable without images. */
export function reportHtml(r: DailyReport, csv: CsvDelivery): string {
  const card = (label: string, value: string) =>
    `<td style="padding:12px;background:#f3f4f6;border-radius:6px;width:33%;"><div style="font-size:12px;color:#6b7280;">${escapeHtml(label)}</div><div style="font-size:18px;font-weight:bold;color:#111827;white-space:nowrap;">${escapeHtml(value)}</div></td>`;
  const products = r.byProduct.map((p) => [
    reportProductName(p.product),
    String(p.count),
    naira(p.amountKobo),
    naira(p.debitKobo),
  ]);
  products.push(['Total', String(r.totals.count), naira(r.totals.amountKobo), naira(r.totals.debitKobo)]);
  const statuses = STATUS_ROWS.map((s) => [
    s.label,
    String(r.byStatus[s.key].count),
    naira(r.byStatus[s.key].amountKobo),
  ]);
  const changed = changedRows(r).map((c) => [c.label, String(c.tally.count), naira(c.tally.amountKobo)]);
  const changedPart = changed.length
    ? `<h2 style="${H2}">Changed after the day</h2>
${table(['State now', 'Count', 'Amount'], changed, 1)}
<p style="margin:6px 0 0;font-size:12px;color:#6b7280;">${escapeHtml(CHANGED_NOTE)}</p>
`
    : '';
  const movements = [
    ['Funding', naira(r.ledger.funding)],
    ['Purchases', naira(r.ledger.debit)],
    ['Refunds', naira(r.ledger.refund)],
    ['Adjustments', naira(r.ledger.adjustment)],
    ['Reversals', naira(r.ledger.reversal)],
    ['Debit corrections', naira(r.ledger.debit_correction)],
  ];
  const note =
    csv.kind === 'attached'
      ? escapeHtml(csvNote(r, csv))
      : `${escapeHtml(csvNote(r, csv))}: <a href="${escapeHtml(csv.url)}" style="color:#1d4ed8;">${escapeHtml(csv.url)}</a>`;
  const testBanner =
    r.environment === 'test'
      ? '<p style="margin:0 0 12px;padding:8px 12px;background:#fef3c7;color:#92400e;border-radius:6px;font-size:13px;">Test environment: simulated purchases, no real value.</p>'
      : '';
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(reportSubject(r))}</title></head>
<body style="margin:0;padding:0;background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px;">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="max-width:640px;width:100%;"><tr><td>
<h1 style="font-size:20px;margin:0 0 4px;">Daily report: ${escapeHtml(r.merchant.name)} (${escapeHtml(r.merchant.code)})</h1>
<p style="margin:0 0 16px;color:#4b5563;font-size:14px;">${escapeHtml(humanDay(r))}, 00:00:00&ndash;23:59:59 ${escapeHtml(r.timezone)}</p>
${testBanner}<table role="presentation" width="100%" cellpadding="0" cellspacing="8"><tr>${card('Opening balance', naira(r.openingKobo))}${card('Closing balance', naira(r.closingKobo))}${card('Successful sales', naira(r.totals.amountKobo))}</tr></table>
<h2 style="${H2}">Successful sales by product</h2>
${table(['Product', 'Count', 'Amount', 'Debit'], products, 1)}
<h2 style="${H2}">Status breakdown</h2>
${table(['Status', 'Count', 'Amount'], statuses, 1)}
${changedPart}<h2 style="${H2}">Wallet movements</h2>
${table(['Movement', 'Amount'], movements, 1)}
<p style="margin:20px 0 0;font-size:14px;">${note}</p>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280;">Amounts in Naira; debit is what your wallet paid. Times in ${escapeHtml(r.timezone)}. Generated ${escapeHtml(generatedWhen(r))} by VendPoint.</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function renderReportEmail(r: DailyReport, csv: CsvDelivery): ReportEmail {
  return { subject: reportSubject(r), text: reportText(r, csv), html: reportHtml(r, csv) };
}
