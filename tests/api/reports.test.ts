import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import {
  startSmtpCapture,
  csvAttachment,
  type SmtpCapture,
  type ReceivedMail,
} from '../helpers/smtp-capture.js';
import { csvObjects } from '../helpers/csv-parse.js';
import { updateMerchant } from '../../server/store/merchants.js';
import { updateReportSettings } from '../../server/services/report-settings.js';
import { runReportSchedule } from '../../server/jobs/report-schedule.js';
import { reportContextOf } from '../../server/reports/delivery-service.js';
import { deliveryDayOf, localDay } from '../../server/domain/business-days.js';
import { registerReportConsoleRoutes } from '../../server/http/console/reports.js';
import { registerErrorHandling } from '../../server/http/errors.js';
import { Unauthorized } from '../../server/domain/errors.js';
import { groupedNaira } from '../../server/reports/report-email.js';
import { parseNaira } from '../../server/domain/money.js';

const TZ = 'Africa/Lagos';
const RECIPIENTS = ['finance@acme.example', 'ops@acme.example'];
let t: TestNode;
let smtp: SmtpCapture;
let console_: FastifyInstance;
let today: string;
/** The node's clock runs this far ahead once the purchases are made (the report day must be over). */
let clockShift = 0;
let acme: { test: { key: string; secret: string } };

interface Made {
  key: string;
  ref: string;
  product: string;
  network: string;
  msisdn: string;
  amount: string;
  status: string;
  token?: string;
}
const made: Made[] = [];

const BODIES = [
  (k: string) => ({
    path: '/v1/transactions/airtime/sync',
    body: { network: 'mtn', customer_msisdn: '08031234567', amount: '150', client_request_id: k },
  }),
  (k: string) => ({
    path: '/v1/transactions/data/sync',
    body: {
      network: 'mtn',
      customer_msisdn: '08039876543',
      plan_code: 'MTN-101',
      amount: '75.00',
      client_request_id: k,
    },
  }),
  (k: string) => ({
    path: '/v1/transactions',
    body: {
      product: 'ELECTRICITY',
      network: 'Ikeja Electric',
      customer_msisdn: '10000000001',
      plan_code: '101',
      amount: '1000.00',
      client_request_id: k,
    },
  }),
  (k: string) => ({
    path: '/v1/transactions',
    body: {
      product: 'CABLE',
      network: 'DSTV',
      customer_msisdn: '10000000010',
      plan_code: '201',
      amount: '4400.00',
      client_request_id: k,
    },
  }),
];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A third of vends fail and a fifth stay pending, so the report has every status to show.
  t = await startTestNode(
    { syncTimeoutMs: 1500 },
    {
      simulator: { failureRate: 0.3, pendingRate: 0.2, pendingForMs: 3_600_000 },
      now: () => Date.now() + clockShift,
    },
  );
  const m = (acme = t.merchant('ACME', { testNaira: 300_000 }));
  const { db, box } = t.node.services;
  updateMerchant(db, 'ACME', { reportEmails: RECIPIENTS, reportTest: true }, 'test');
  updateReportSettings(
    db,
    box,
    { smtpUrl: smtp.url, from: 'VendPoint Reports <reports@vendpoint.test>' },
    'test',
  );
  today = localDay(Date.now(), TZ);
  const has = () => ({
    token: made.some((p) => p.product === 'ELECTRICITY' && p.status === 'success'),
    failed: made.some((p) => p.status === 'failed'),
    pending: made.some((p) => p.status === 'pending'),
  });
  for (let i = 0; i < 60; i++) {
    const h = has();
    if (i >= 8 && h.token && h.failed && h.pending) break;
    const { path, body } = BODIES[i % BODIES.length](`acme-${i}`);
    const r = await t.call('POST', path, { pair: m.test, body: { merchant_code: 'ACME', ...body } });
    expect(r.status, r.text).toBe(200);
    made.push({
      key: body.client_request_id,
      ref: r.json.data.internal_reference,
      product: r.json.data.product,
      network: r.json.data.network,
      msisdn: body.customer_msisdn,
      amount: body.amount,
      status: r.json.status,
    });
  }
  // The outcome as the API reports it now is what the report must show.
  for (const p of made) {
    const s = await t.call('GET', `/v1/transactions/status?client_request_id=${p.key}`, { pair: m.test });
    p.status = s.json.status;
    p.token = s.json.data.token;
  }
  expect(has()).toEqual({ token: true, failed: true, pending: true });

  console_ = Fastify();
  registerErrorHandling(console_);
  const guard = async (request: { headers: Record<string, unknown> }) => {
    if (request.headers['x-test-admin'] !== 'yes') throw new Unauthorized('admins only');
  };
  registerReportConsoleRoutes(console_, t.node.services, guard);
  await console_.ready();
}, 120_000);

afterAll(async () => {
  await console_?.close();
  await t?.close();
  await smtp?.close();
});

const kobo = (naira: string) => parseNaira(naira);
const sum = (ps: Made[]) => ps.reduce((a, p) => a + kobo(p.amount), 0);
const testReportOf = (date: string) =>
  smtp.received.filter((m) => m.parsed.subject === `[TEST] Daily report ${date}: ACME Ltd (ACME)`);
const admin = { 'x-test-admin': 'yes' };

describe('the daily report e-mail of purchases made through the API', () => {
  let mail: ReceivedMail;

  beforeAll(async () => {
    // The next business day at 08:00 Lagos: the schedule sends the day's report then.
    clockShift = DateTime.fromISO(`${deliveryDayOf(today, [])}T08:00`, { zone: TZ }).toMillis() - Date.now();
    const tick = await runReportSchedule(reportContextOf(t.node.services, { nodeUrl: t.url }));
    expect(tick.sent).toBeGreaterThanOrEqual(2);
    const mails = testReportOf(today);
    expect(mails).toHaveLength(1);
    mail = mails[0];
  });

  it('goes to the merchant report addresses from the configured sender', () => {
    expect(mail.envelope.to.sort()).toEqual([...RECIPIENTS].sort());
    const to = Array.isArray(mail.parsed.to) ? mail.parsed.to.flatMap((a) => a.value) : mail.parsed.to!.value;
    expect(to.map((a) => a.address).sort()).toEqual([...RECIPIENTS].sort());
    expect(mail.parsed.from!.value[0].address).toBe('reports@vendpoint.test');
    expect(mail.parsed.html).toContain('ACME Ltd (ACME)');
  });

  it('shows totals by product and the status breakdown that match the purchases', () => {
    const text = mail.parsed.text!;
    const ok = made.filter((p) => p.status === 'success');
    const line = (label: string, ps: Made[]) =>
      new RegExp(
        `${label.replace(/[()]/g, '\\$&')}\\s+${ps.length}\\s+NGN\\s+${groupedNaira(sum(ps)).replace(/\./g, '\\.')}\\n`,
      );
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
        made.filter((p) => p.status === 'failed'),
      ),
    );
    expect(text).toMatch(
      line(
        'Pending',
        made.filter((p) => p.status === 'pending'),
      ),
    );
  });

  it('shows the opening and closing wallet balance of the day', async () => {
    const balance = await t.call('GET', '/v1/wallet/balance', { pair: acme.test });
    const text = mail.parsed.text!;
    // Funded today, so the day opened at zero and closed at what the wallet holds now.
    expect(text).toMatch(/Opening balance\s+NGN\s+0\.00\n/);
    const failedBack = sum(made.filter((p) => p.status === 'failed'));
    const closing = 300_000_00 - sum(made) + failedBack;
    expect(kobo(balance.json.total)).toBe(closing);
    expect(text).toMatch(
      new RegExp(`Closing balance\\s+NGN\\s+${groupedNaira(closing).replace(/\./g, '\\.')}\\n`),
    );
    expect(text).toMatch(
      new RegExp(
        `Refunds\\s+NGN\\s+${failedBack ? '\\+' : ''}${groupedNaira(failedBack).replace(/\./g, '\\.')}\\n`,
      ),
    );
  });

  it('attaches the CSV with one row per purchase, matching the API row by row', () => {
    const csv = csvAttachment(mail)!;
    expect(csv.filename).toBe(`vendpoint-report-ACME-test-${today}.csv`);
    expect(csv.contentType).toBe('text/csv');
    const rows = csvObjects(csv.text);
    expect(rows).toHaveLength(made.length);
    expect(rows.map((r) => r.internal_reference)).toEqual(made.map((p) => p.ref));
    rows.forEach((row, i) => {
      const p = made[i];
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
      expect(row.time.slice(0, 10)).toBe(today);
    });
    expect(rows.some((r) => r.token === '12345678901234567890')).toBe(true);
  });

  it('keeps test and live apart: the live report of the day is empty', () => {
    const live = smtp.received.filter((m) => m.parsed.subject === `Daily report ${today}: ACME Ltd (ACME)`);
    expect(live).toHaveLength(1);
    expect(csvObjects(csvAttachment(live[0])!.text)).toHaveLength(0);
  });
});

describe('the console report API', () => {
  it('lets only what the guard admits in', async () => {
    const r = await console_.inject({ method: 'GET', url: '/console/reports' });
    expect(r.statusCode).toBe(401);
  });

  it('lists deliveries per merchant and day and downloads the same CSV', async () => {
    const list = await console_.inject({
      method: 'GET',
      url: `/console/reports?merchant_code=ACME&environment=test&from=${today}&to=${today}`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    const [d] = list.json().data;
    expect(d).toMatchObject({
      merchant_code: 'ACME',
      environment: 'test',
      date: today,
      state: 'sent',
      attempts: 1,
      attached: true,
      recipients: RECIPIENTS,
    });
    expect(d.summary.transactions).toBe(made.length);
    const csv = await console_.inject({
      method: 'GET',
      url: `/console/reports/ACME/test/${today}/csv`,
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="vendpoint-report-ACME-test-${today}.csv"`,
    );
    expect(csv.body).toBe(csvAttachment(testReportOf(today)[0])!.text);
  });

  it('resends on request; above the size limit the e-mail links to the console download', async () => {
    const put = await console_.inject({
      method: 'PUT',
      url: '/console/report-settings',
      headers: admin,
      payload: { max_attachment_bytes: 200, console_url: 'https://console.acme.example' },
    });
    expect(put.statusCode).toBe(200);
    const r = await console_.inject({
      method: 'POST',
      url: `/console/reports/ACME/test/${today}/resend`,
      headers: admin,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      sent: true,
      delivery: { state: 'sent', resend_count: 1, attached: false },
    });
    const mails = testReportOf(today);
    expect(mails).toHaveLength(2);
    expect(mails[1].parsed.messageId).not.toBe(mails[0].parsed.messageId);
    expect(csvAttachment(mails[1])).toBeNull();
    const link = `https://console.acme.example/console/reports/ACME/test/${today}/csv`;
    expect(mails[1].parsed.text).toContain(link);
    expect(mails[1].parsed.html).toContain(`href="${link}"`);
  });

  it('shows settings with the SMTP password redacted and refuses invalid ones', async () => {
    const put = await console_.inject({
      method: 'PUT',
      url: '/console/report-settings',
      headers: admin,
      payload: {
        smtp_url: 'smtp://reports:S3cret!pw@127.0.0.1:2525',
        holidays: ['2026-12-25', '2026-12-26'],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain('S3cret');
    expect(put.json()).toMatchObject({
      smtp_url: 'smtp://reports:***@127.0.0.1:2525',
      smtp_source: 'settings',
      holidays: ['2026-12-25', '2026-12-26'],
      timezone: TZ,
    });
    const raw = t.node.services.db
      .prepare(`SELECT value FROM settings WHERE key LIKE 'reports.smtp%'`)
      .get() as { value: string };
    expect(raw.value).not.toContain('S3cret');
    for (const payload of [
      { timezone: 'Mars/Olympus' },
      { send_time: '25:00' },
      { holidays: ['2026-13-01'] },
      { smtp_url: 'http://x' },
    ]) {
      const bad = await console_.inject({
        method: 'PUT',
        url: '/console/report-settings',
        headers: admin,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
