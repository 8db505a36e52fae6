import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { csvAttachment } from '../helpers/smtp-capture.js';
import { startReportFixture, RECIPIENTS, TZ, type ReportFixture } from '../helpers/report-fixture.js';
import { registerReportConsoleRoutes } from '../../server/http/console/reports.js';
import { registerErrorHandling } from '../../server/http/errors.js';
import { Unauthorized } from '../../server/domain/errors.js';

let f: ReportFixture;
let app: FastifyInstance;
const admin = { 'x-test-admin': 'yes' };
const testMails = () =>
  f.smtp.received.filter((m) => m.parsed.subject === `[TEST] Daily report ${f.today}: ACME Ltd (ACME)`);

beforeAll(async () => {
  f = await startReportFixture();
  await f.sendDueReports();
  expect(testMails()).toHaveLength(1);
  // The console wires the routes under its admin check; here a header stands in for it.
  app = Fastify();
  registerErrorHandling(app);
  const guard = async (request: { headers: Record<string, unknown> }) => {
    if (request.headers['x-test-admin'] !== 'yes') throw new Unauthorized('admins only');
  };
  registerReportConsoleRoutes(app, f.t.node.services, guard);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await f?.close();
});

describe('the console report API', () => {
  it('lets only what the guard admits in', async () => {
    for (const url of [
      '/console/reports',
      `/console/reports/ACME/test/${f.today}/csv`,
      '/console/report-settings',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(
      (await app.inject({ method: 'POST', url: `/console/reports/ACME/test/${f.today}/resend` })).statusCode,
    ).toBe(401);
  });

  it('lists deliveries per merchant and day and downloads the CSV that was e-mailed', async () => {
    const list = await app.inject({
      method: 'GET',
      url: `/console/reports?merchant_code=ACME&environment=test&from=${f.today}&to=${f.today}`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    const [d] = list.json().data;
    expect(d).toMatchObject({
      merchant_code: 'ACME',
      environment: 'test',
      date: f.today,
      state: 'sent',
      attempts: 1,
      attached: true,
      recipients: RECIPIENTS,
    });
    expect(d.summary.transactions).toBe(f.made.length);
    const one = await app.inject({
      method: 'GET',
      url: `/console/reports/ACME/test/${f.today}`,
      headers: admin,
    });
    expect(one.json()).toMatchObject({
      report: { transactions: f.made.length, complete: true },
      delivery: { state: 'sent' },
    });
    const csv = await app.inject({
      method: 'GET',
      url: `/console/reports/ACME/test/${f.today}/csv`,
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="vendpoint-report-ACME-test-${f.today}.csv"`,
    );
    expect(csv.body).toBe(csvAttachment(testMails()[0])!.text);
  });

  it('resends on request; above the size limit the e-mail links to the console download', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/console/report-settings',
      headers: admin,
      payload: { max_attachment_bytes: 200, console_url: 'https://console.acme.example' },
    });
    expect(put.statusCode).toBe(200);
    const r = await app.inject({
      method: 'POST',
      url: `/console/reports/ACME/test/${f.today}/resend`,
      headers: admin,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      sent: true,
      delivery: { state: 'sent', resend_count: 1, attached: false },
    });
    const mails = testMails();
    expect(mails).toHaveLength(2);
    expect(mails[1].parsed.messageId).not.toBe(mails[0].parsed.messageId);
    expect(csvAttachment(mails[1])).toBeNull();
    const link = `https://console.acme.example/console/reports/ACME/test/${f.today}/csv`;
    expect(mails[1].parsed.text).toContain(link);
    expect(mails[1].parsed.html).toContain(`href="${link}"`);
  });

  it('shows settings with the SMTP password redacted and refuses invalid ones', async () => {
    const payload = {
      smtp_url: 'smtp://reports:S3cret!pw@127.0.0.1:2525',
      holidays: ['2026-12-26', '2026-12-25'],
    };
    const put = await app.inject({ method: 'PUT', url: '/console/report-settings', headers: admin, payload });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain('S3cret');
    expect(put.json()).toMatchObject({
      smtp_url: 'smtp://reports:***@127.0.0.1:2525',
      smtp_source: 'settings',
      holidays: ['2026-12-25', '2026-12-26'],
      timezone: TZ,
    });
    const stored = JSON.stringify(f.t.node.services.db.prepare(`SELECT * FROM settings`).all());
    expect(stored).not.toContain('S3cret');
    for (const bad of [
      { timezone: 'Mars/Olympus' },
      { send_time: '25:00' },
      { holidays: ['2026-13-01'] },
      { smtp_url: 'http://x' },
      { lookback_days: 0 },
    ]) {
      const r = await app.inject({
        method: 'PUT',
        url: '/console/report-settings',
        headers: admin,
        payload: bad,
      });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('answers 404 for an unknown merchant and 400 for a bad environment or date', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/console/reports/NOPE/test/${f.today}`, headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/console/reports/ACME/prod/${f.today}`, headers: admin }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/console/reports/ACME/test/2026-02-30', headers: admin }))
        .statusCode,
    ).toBe(400);
  });
});
