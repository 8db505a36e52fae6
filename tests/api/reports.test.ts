import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvAttachment, type ReceivedMail } from '../helpers/smtp-capture.js';
import { csvObjects } from '../helpers/csv-parse.js';
import { startReportFixture, RECIPIENTS, type Made, type ReportFixture } from '../helpers/report-fixture.js';
import { groupedNaira } from '../../common/money-display.js';
import { parseNaira } from '../../server/domain/money.js';

let f: ReportFixture;
let mail: ReceivedMail;

const kobo = (naira: string) => parseNaira(naira);
const sum = (ps: Made[]) => ps.reduce((a, p) => a + kobo(p.amount), 0);
const re = (s: string) => s.replace(/[.()+]/g, '\\$&');
const subjectOf = (env: 'test' | 'live', day: string) =>
  `${env === 'test' ? '[TEST] ' : ''}Daily report ${day}: ACME Ltd (ACME)`;

beforeAll(async () => {
  f = await startReportFixture();
  // The next business day at 08:00 Lagos: the schedule sends the day's reports then.
  const tick = await f.sendDueReports();
  expect(tick.sent).toBeGreaterThanOrEqual(2);
  const mails = f.smtp.received.filter((m) => m.parsed.subject === subjectOf('test', f.today));
  expect(mails).toHaveLength(1);
  mail = mails[0];
}, 120_000);

afterAll(async () => f?.close());

describe('the daily report e-mail of purchases made through the API', () => {
  it('goes to the merchant report addresses from the configured sender', () => {
    expect(mail.envelope.to.sort()).toEqual([...RECIPIENTS].sort());
    const to = Array.isArray(mail.parsed.to) ? mail.parsed.to.flatMap((a) => a.value) : mail.parsed.to!.value;
    expect(to.map((a) => a.address).sort()).toEqual([...RECIPIENTS].sort());
    expect(mail.parsed.from!.value[0].address).toBe('reports@vendpoint.test');
    expect(mail.parsed.html).toContain('ACME Ltd (ACME)');
  });

  it('shows totals by product and the status breakdown that match the purchases', () => {
    const text = mail.parsed.text!;
    const ok = f.made.filter((p) => p.status === 'success');
    const line = (label: string, ps: Made[]) =>
      new RegExp(`${re(label)}\\s+${ps.length}\\s+NGN\\s+${re(groupedNaira(sum(ps)))}\\n`);
    expect(text).toMatch(line('Total', ok));
    for (const [product, label] of [
      ['airtime', 'Airtime'],
      ['data', 'Data'],
      ['ELECTRICITY', 'Electricity'],
      ['CABLE', 'Cable TV'],
    ]) {
      const ps = ok.filter((p) => p.product === product);
      if (ps.length) expect(text).toMatch(line(label, ps));
      else expect(text).not.toMatch(new RegExp(`^  ${label}\\s`, 'm'));
    }
    expect(text).toMatch(line('Successful', ok));
    expect(text).toMatch(
      line(
        'Failed (refunded)',
        f.made.filter((p) => p.status === 'failed'),
      ),
    );
    expect(text).toMatch(
      line(
        'Pending',
        f.made.filter((p) => p.status === 'pending'),
      ),
    );
  });

  it('shows the opening and closing wallet balance of the day', async () => {
    const balance = await f.t.call('GET', '/v1/wallet/balance', { pair: f.pair });
    const text = mail.parsed.text!;
    // Funded today, so the day opened at zero and closed at what the wallet holds now.
    expect(text).toMatch(/Opening balance\s+NGN\s+0\.00\n/);
    const refunded = sum(f.made.filter((p) => p.status === 'failed'));
    const closing = 300_000_00 - sum(f.made) + refunded;
    expect(kobo(balance.json.total)).toBe(closing);
    expect(text).toMatch(new RegExp(`Closing balance\\s+NGN\\s+${re(groupedNaira(closing))}\\n`));
    expect(text).toMatch(new RegExp(`Refunds\\s+NGN\\s+${re('+' + groupedNaira(refunded))}\\n`));
  });

  it('attaches the CSV with one row per purchase, matching the API row by row', () => {
    const csv = csvAttachment(mail)!;
    expect(csv.filename).toBe(`vendpoint-report-ACME-test-${f.today}.csv`);
    expect(csv.contentType).toBe('text/csv');
    const rows = csvObjects(csv.text);
    expect(rows.map((r) => r.internal_reference)).toEqual(f.made.map((p) => p.ref));
    rows.forEach((row, i) => {
      const p = f.made[i];
      expect(row).toMatchObject({
        request_id: p.key,
        kind: 'transaction',
        product: p.product,
        network: p.network,
        customer_id: p.msisdn,
        amount: (kobo(p.amount) / 100).toFixed(2),
        debit: (kobo(p.amount) / 100).toFixed(2),
        status: p.status,
        response_code: { success: '00', failed: '01', pending: '02' }[p.status],
        token: p.token ?? '',
      });
      expect(row.time.slice(0, 10)).toBe(f.today);
    });
    expect(rows.some((r) => r.token === '12345678901234567890')).toBe(true);
  });

  it('keeps test and live apart: the live report of the day is empty', () => {
    const live = f.smtp.received.filter((m) => m.parsed.subject === subjectOf('live', f.today));
    expect(live).toHaveLength(1);
    expect(csvObjects(csvAttachment(live[0])!.text)).toHaveLength(0);
  });
});
