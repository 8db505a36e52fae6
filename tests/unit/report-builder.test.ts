import { describe, expect, it } from 'vitest';
import type { Purchase } from '../../server/store/purchases.js';
import {
  buildDailyReport,
  reportSummaryJson,
  type ReportInput,
} from '../../server/reports/report-builder.js';
import { REPORT_CSV_COLUMNS, reportCsv, reportCsvFileName } from '../../server/reports/report-csv.js';
import { spreadsheetSafe } from '../../server/domain/csv.js';
import { groupedNaira } from '../../common/money-display.js';
import { renderReportEmail } from '../../server/reports/report-email.js';
import { parseSmtpUrl, redactSmtpUrl, scrubSecrets } from '../../server/reports/mailer.js';
import { parseCsv, csvObjects } from '../helpers/csv-parse.js';

let seq = 0;
function purchase(
  p: Partial<Purchase> & Pick<Purchase, 'product' | 'amountKobo' | 'state' | 'createdAt'>,
): Purchase {
  seq++;
  return {
    id: seq,
    internalReference: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    merchantId: 7,
    environment: 'live',
    idemKey: `req-${seq}`,
    kind: 'transaction',
    surface: 'v1',
    network: 'MTN',
    msisdn: '08030000000',
    phone: null,
    planRef: '',
    planId: null,
    planName: '',
    amountText: String(p.amountKobo / 100),
    debitKobo: p.amountKobo,
    quantity: 1,
    details: {},
    result: null,
    failureReason: null,
    upstreamName: null,
    upstreamReference: null,
    needsAttention: false,
    agentUserId: null,
    updatedAt: p.createdAt,
    reversedAt: null,
    reversalReason: null,
    publicFailureReason: null,
    ...p,
  };
}

// Friday 6 June 2025 in Lagos is 2025-06-05T23:00Z .. 2025-06-06T23:00Z.
const purchases: Purchase[] = [
  purchase({
    product: 'airtime',
    amountKobo: 10_000,
    state: 'success',
    createdAt: '2025-06-05T23:00:00.000Z',
  }),
  purchase({
    product: 'ELECTRICITY',
    network: 'IKEJA ELECTRIC',
    msisdn: '10000000001',
    planName: 'Ikeja Electric Prepaid',
    amountKobo: 150_000,
    debitKobo: 148_500,
    state: 'success',
    createdAt: '2025-06-06T08:15:30.123Z',
    result: { token: '12345678901234567890', units: '7.1' },
  }),
  purchase({ product: 'airtime', amountKobo: 5_000, state: 'failed', createdAt: '2025-06-06T09:00:00.000Z' }),
  purchase({
    product: 'data',
    planName: '1GB Weekly',
    amountKobo: 50_000,
    state: 'pending',
    createdAt: '2025-06-06T10:00:00.000Z',
  }),
  purchase({
    product: 'giftcard',
    kind: 'giftcard',
    network: '',
    msisdn: '',
    amountKobo: 2_000_000,
    state: 'success',
    createdAt: '2025-06-06T11:00:00.000Z',
    result: { cards: [{ card_number: 'SECRET-CARD', pin_code: '9999' }] },
  }),
  purchase({
    product: 'airtime',
    idemKey: '=HYPERLINK("http://evil")',
    amountKobo: 20_000,
    state: 'success',
    createdAt: '2025-06-06T22:59:59.999Z',
  }),
];

const input: ReportInput = {
  merchant: { id: 7, code: 'ACME', name: 'Acme & Sons <Lagos>' },
  environment: 'live',
  date: '2025-06-06',
  timezone: 'Africa/Lagos',
  purchases: purchases.map((p) => ({ purchase: p, stateAtEnd: p.state })),
  ledger: {
    openingKobo: 10_000_000,
    closingKobo: 7_826_500,
    movements: {
      funding: 0,
      debit: -2_233_500,
      refund: 5_000,
      adjustment: 55_000,
      reversal: 0,
      debit_correction: 0,
    },
  },
  nowMs: Date.parse('2025-06-09T07:00:00.000Z'),
};

describe('the daily report of one merchant, environment and day', () => {
  const r = buildDailyReport(input);

  it('totals successful sales by product, in a stable product order', () => {
    expect(r.byProduct).toEqual([
      { product: 'airtime', count: 2, amountKobo: 30_000, debitKobo: 30_000 },
      { product: 'ELECTRICITY', count: 1, amountKobo: 150_000, debitKobo: 148_500 },
      { product: 'giftcard', count: 1, amountKobo: 2_000_000, debitKobo: 2_000_000 },
    ]);
    expect(r.totals).toEqual({ count: 4, amountKobo: 2_180_000, debitKobo: 2_178_500 });
  });

  it('breaks every purchase down by status with counts and amounts', () => {
    expect(r.byStatus).toEqual({
      success: { count: 4, amountKobo: 2_180_000, debitKobo: 2_178_500 },
      failed: { count: 1, amountKobo: 5_000, debitKobo: 5_000 },
      pending: { count: 1, amountKobo: 50_000, debitKobo: 50_000 },
      reversed: { count: 0, amountKobo: 0, debitKobo: 0 },
    });
  });

  it('carries the opening and closing balance and says whether the day is over', () => {
    const json = reportSummaryJson(r);
    expect(json).toMatchObject({
      merchant_code: 'ACME',
      date: '2025-06-06',
      transactions: 6,
      opening_balance: '100000.00',
      closing_balance: '78265.00',
      complete: true,
    });
    expect(json.totals).toEqual({ count: 4, amount: '21800.00', debit: '21785.00' });
    expect(json.status_breakdown.pending).toEqual({ count: 1, amount: '500.00', debit: '500.00' });
    expect(json.window).toEqual({ from: '2025-06-05T23:00:00.000Z', to: '2025-06-06T23:00:00.000Z' });
    expect(buildDailyReport({ ...input, nowMs: Date.parse('2025-06-06T22:00:00.000Z') }).complete).toBe(
      false,
    );
  });

  it('writes the CSV with the stable columns, one row per purchase, local times, tokens only where delivered', () => {
    const csv = reportCsv(r);
    expect(parseCsv(csv)[0]).toEqual([...REPORT_CSV_COLUMNS]);
    const rows = csvObjects(csv);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      time: '2025-06-06 00:00:00',
      product: 'airtime',
      amount: '100.00',
      status: 'success',
      response_code: '00',
      token: '',
    });
    expect(rows[1]).toEqual({
      time: '2025-06-06 09:15:30',
      internal_reference: purchases[1].internalReference,
      request_id: purchases[1].idemKey,
      kind: 'transaction',
      product: 'ELECTRICITY',
      network: 'IKEJA ELECTRIC',
      customer_id: '10000000001',
      plan: 'Ikeja Electric Prepaid',
      amount: '1500.00',
      debit: '1485.00',
      status: 'success',
      response_code: '00',
      token: '12345678901234567890',
      status_now: 'success',
      time_zone: 'Africa/Lagos',
    });
    expect(rows[2]).toMatchObject({ status: 'failed', response_code: '01' });
    expect(rows[3]).toMatchObject({ status: 'pending', response_code: '02', plan: '1GB Weekly' });
    expect(rows[5].time).toBe('2025-06-06 23:59:59');
    expect(reportCsvFileName(r)).toBe('vendpoint-report-ACME-live-2025-06-06.csv');
  });

  it('counts sales settled after the day in their day-end state, and says what they are now', () => {
    // The pending data sale failed the next day; the first airtime sale was reversed the next day.
    const later = buildDailyReport({
      ...input,
      purchases: purchases.map((p, i) => ({
        purchase: i === 3 ? { ...p, state: 'failed' } : i === 0 ? { ...p, state: 'reversed' } : p,
        stateAtEnd: p.state,
      })),
    });
    expect(later.byStatus).toEqual(r.byStatus);
    expect(later.totals).toEqual(r.totals);
    expect(later.changedAfterDay.total).toEqual({ count: 2, amountKobo: 60_000, debitKobo: 60_000 });
    expect(later.changedAfterDay.failed.count).toBe(1);
    expect(later.changedAfterDay.reversed.count).toBe(1);
    expect(reportSummaryJson(later).changed_after_day).toEqual({
      count: 2,
      amount: '600.00',
      debit: '600.00',
      now_success: 0,
      now_failed: 1,
      now_pending: 0,
      now_reversed: 1,
    });
    const rows = csvObjects(reportCsv(later));
    expect(rows[0]).toMatchObject({ status: 'success', response_code: '00', status_now: 'reversed' });
    expect(rows[3]).toMatchObject({ status: 'pending', response_code: '02', status_now: 'failed' });
    const mail = renderReportEmail(later, { kind: 'attached', fileName: 'x.csv', bytes: 1 });
    expect(mail.text).toMatch(/Changed after the day\n\s+now failed \(refunded\)\s+1\s+NGN\s+500\.00/);
    expect(mail.html).toContain('Changed after the day');
    expect(reportSummaryJson(r).changed_after_day.count).toBe(0);
    expect(renderReportEmail(r, { kind: 'attached', fileName: 'x.csv', bytes: 1 }).text).not.toContain(
      'Changed after the day',
    );
  });

  it('never puts gift-card codes in the attachment and defuses spreadsheet formulas', () => {
    const csv = reportCsv(r);
    expect(csv).not.toContain('SECRET-CARD');
    expect(csv).not.toContain('9999');
    expect(csvObjects(csv)[5].request_id).toBe(`'=HYPERLINK("http://evil")`);
    expect(spreadsheetSafe('-1+1')).toBe("'-1+1");
    expect(spreadsheetSafe('08030000000')).toBe('08030000000');
  });
});

describe('the report e-mail', () => {
  const r = buildDailyReport(input);
  const attached = renderReportEmail(r, { kind: 'attached', fileName: reportCsvFileName(r), bytes: 900 });

  it('names the merchant and the day in the subject, and marks the test environment', () => {
    expect(attached.subject).toBe('Daily report 2025-06-06: Acme & Sons <Lagos> (ACME)');
    expect(
      renderReportEmail(buildDailyReport({ ...input, environment: 'test' }), {
        kind: 'attached',
        fileName: 'x.csv',
        bytes: 1,
      }).subject,
    ).toMatch(/^\[TEST\] /);
  });

  it("says when it was generated in the report's own time zone, as its footer says times are", () => {
    // nowMs is 2025-06-09T07:00:00Z, 08:00 in Lagos; the footer read "Times are Africa/Lagos."
    // and then gave the UTC instant "Generated 2025-06-09T07:00:00.000Z".
    expect(attached.text).toContain('Times are Africa/Lagos.\nGenerated 9 Jun 2025, 08:00:00 by VendPoint.');
    expect(attached.html).toContain('Generated 9 Jun 2025, 08:00:00 by VendPoint.');
  });

  it('has a plain-text part with balances, products and the status breakdown', () => {
    const t = attached.text;
    expect(t).toContain('Friday 6 June 2025, 00:00:00 to 23:59:59 Africa/Lagos');
    expect(t).toMatch(/Opening balance\s+NGN\s+100,000\.00/);
    expect(t).toMatch(/Closing balance\s+NGN\s+78,265\.00/);
    expect(t).toMatch(/Electricity\s+1\s+NGN\s+1,500\.00/);
    expect(t).toMatch(/Total\s+4\s+NGN\s+21,800\.00/);
    expect(t).toMatch(/Failed \(refunded\)\s+1\s+NGN\s+50\.00/);
    expect(t).toMatch(/Pending\s+1\s+NGN\s+500\.00/);
    expect(t).toMatch(/Refunds\s+NGN\s+\+50\.00/);
    // Every amount line keeps one column, the longest label ("Reversed (credited back after success)") too.
    const ngnColumns = new Set(
      t
        .split('\n')
        .filter((l) => l.includes('NGN'))
        .map((l) => l.indexOf('NGN')),
    );
    expect(t).toContain('Reversed (credited back after success)');
    expect([...ngnColumns]).toHaveLength(1);
    expect(t).toContain(
      'The attached vendpoint-report-ACME-live-2025-06-06.csv lists all 6 transactions and orders of the day.',
    );
  });

  it('names products as the console does: gift cards and eSIM orders, redemptions into an eSIM apart', () => {
    const sold = (product: string, kind: Purchase['kind']) =>
      purchase({
        product,
        kind,
        amountKobo: 100_000,
        state: 'success',
        createdAt: '2025-06-06T12:00:00.000Z',
      });
    const more = [sold('esim', 'esim'), sold('ESIM', 'transaction')];
    const day = buildDailyReport({
      ...input,
      purchases: [...purchases, ...more].map((p) => ({ purchase: p, stateAtEnd: p.state })),
    });
    const t = renderReportEmail(day, { kind: 'attached', fileName: 'x.csv', bytes: 1 }).text;
    expect(t).toMatch(/^ {2}Gift cards\s+1\s+NGN/m);
    expect(t).toMatch(/^ {2}eSIM\s+1\s+NGN\s+1,000\.00/m);
    expect(t).toMatch(/^ {2}eSIM \(gift-card redemption\)\s+1\s+NGN\s+1,000\.00/m);
    expect(t).not.toContain('eSIMs');
  });

  it('has an HTML part with inline styles and escaped merchant data', () => {
    const h = attached.html;
    expect(h).toContain('Acme &amp; Sons &lt;Lagos&gt;');
    expect(h).not.toContain('<Lagos>');
    expect(h).not.toMatch(/<style/i);
    expect(h).toContain('\u20a621,800.00');
    expect(h).toContain('-\u20a622,335.00');
  });

  it('links to the console download instead of attaching a report above the size limit', () => {
    const url = 'https://console.example/console/reports/ACME/live/2025-06-06/csv';
    const big = renderReportEmail(r, { kind: 'link', url, bytes: 7_300_000, limitBytes: 5_000_000 });
    expect(big.text).toContain('(7.3 MB) is larger than the 5.0 MB attachment limit');
    expect(big.text).toContain(url);
    expect(big.html).toContain(`href="${url}"`);
  });

  it('groups Naira amounts by thousands', () => {
    expect(groupedNaira(123_456_789)).toBe('1,234,567.89');
    expect(groupedNaira(-5_000)).toBe('-50.00');
    expect(groupedNaira(0)).toBe('0.00');
  });
});

describe('SMTP URLs', () => {
  it('accept smtp:// and smtps:// with credentials, and never show the password', () => {
    const p = parseSmtpUrl('smtps://reports%40acme.ng:p%40ss:w0rd@mail.acme.ng');
    expect(p.options).toMatchObject({
      host: 'mail.acme.ng',
      port: 465,
      secure: true,
      auth: { user: 'reports@acme.ng', pass: 'p@ss:w0rd' },
    });
    expect(p.redacted).toBe('smtps://reports%40acme.ng:***@mail.acme.ng');
    expect(parseSmtpUrl('smtp://127.0.0.1:2525').options).toMatchObject({ port: 2525, secure: false });
    expect(redactSmtpUrl('smtp://u:secret@h:25')).toBe('smtp://u:***@h:25');
    expect(scrubSecrets('535 auth failed for p@ss:w0rd', p.secrets)).toBe('535 auth failed for ***');
    // A short password is taken out where it stands alone, not from inside other words.
    expect(scrubSecrets('certificate has expired; login u:p@h refused (p)', ['p'])).toBe(
      'certificate has expired; login u:***@h refused (***)',
    );
  });
  it('refuse other schemes and unknown options', () => {
    expect(() => parseSmtpUrl('http://mail.acme.ng')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl('smtp://h?tls.rejectUnauthorised=false')).toThrow(/unknown option/);
    // Names Object.prototype holds are unknown options too, not a TypeError (500) or accepted.
    for (const name of ['toString', '__proto__', 'hasOwnProperty', 'constructor'])
      expect(() => parseSmtpUrl(`smtp://h?${name}=1`)).toThrow(`smtp_url: unknown option ${name}`);
    expect(parseSmtpUrl('smtps://h?tls.rejectUnauthorized=false').options.tls).toEqual({
      rejectUnauthorized: false,
    });
  });
});
