import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.js';
import { updateMerchant } from '../../server/store/merchants.js';
import {
  claimDelivery,
  ensureDelivery,
  findDelivery,
  listDeliveries,
} from '../../server/store/report-deliveries.js';
import { updateReportSettings } from '../../server/reports/report-settings.js';
import { runReportSchedule } from '../../server/jobs/report-schedule.js';
import { reportContextOf } from '../../server/reports/delivery-service.js';
import { deliveryDayOf, localDay } from '../../server/domain/business-days.js';

const TZ = 'Africa/Lagos';
const today = localDay(Date.now(), TZ);
/** 08:00 on the business day that today's report is due. */
const DUE = DateTime.fromISO(`${deliveryDayOf(today, [])}T08:00`, { zone: TZ }).toMillis();

let t: TestNode;
let clock = DUE;
let merchantId = 0;
const logs: unknown[] = [];
const capture = {
  info: (o: object, m: string) => logs.push([m, o]),
  warn: (o: object, m: string) => logs.push([m, o]),
};
const tick = () =>
  runReportSchedule(reportContextOf(t.node.services, { nodeUrl: t.url, log: capture, now: () => clock }));
const setSmtp = (url: string) =>
  updateReportSettings(t.node.services.db, t.node.services.box, { smtpUrl: url }, 'test');
const deliveries = () => listDeliveries(t.node.services.db, { merchantId }).rows;

beforeEach(async () => {
  logs.length = 0;
  clock = DUE;
  t = await startTestNode();
  merchantId = t.merchant('RETRY', {}).id;
  updateMerchant(t.node.services.db, 'RETRY', { reportEmails: ['books@retry.example'] }, 'test');
});
afterEach(async () => t.close());

describe('SMTP failures', () => {
  it('a report whose first attempt met a down SMTP server is recorded, retried with backoff and delivered once', async () => {
    // Learn a free port, then take the server down: connections are refused.
    const probe = await startSmtpCapture();
    const port = probe.port;
    await probe.close();
    setSmtp(`smtp://127.0.0.1:${port}`);

    const first = await tick();
    expect(first.sent).toBe(0);
    expect(first.failed).toBeGreaterThan(0);
    const failed = deliveries();
    expect(failed.length).toBe(first.failed);
    for (const d of failed) {
      expect(d).toMatchObject({ state: 'retrying', attempts: 1, sentAt: null });
      expect(d.lastError).toMatch(/ECONNREFUSED/);
      expect(Date.parse(d.nextAttemptAt!)).toBe(DUE + 60_000);
    }

    // Before the backoff has passed nothing is attempted, even with the server back.
    const smtp = await startSmtpCapture({ port });
    try {
      clock = DUE + 30_000;
      expect(await tick()).toMatchObject({ attempted: 0 });
      expect(smtp.received).toHaveLength(0);

      clock = DUE + 61_000;
      const second = await tick();
      expect(second).toMatchObject({ attempted: failed.length, sent: failed.length, failed: 0 });
      expect(deliveries().map((d) => [d.state, d.attempts, d.lastError])).toEqual(
        failed.map(() => ['sent', 2, null]),
      );

      clock = DUE + 3_600_000;
      expect(await tick()).toMatchObject({ attempted: 0 });
      expect(smtp.received).toHaveLength(failed.length);
      const subjects = smtp.received.map((m) => m.parsed.subject);
      expect(new Set(subjects).size).toBe(subjects.length);
      expect(subjects).toContain(`Daily report ${today}: RETRY Ltd (RETRY)`);
    } finally {
      await smtp.close();
    }
  });

  it('smtps:// with credentials works; a wrong password is retried and never stored or logged', async () => {
    const smtp: SmtpCapture = await startSmtpCapture({
      secure: true,
      auth: { user: 'reports@vendpoint.test', pass: 'R1ght-Pa55' },
    });
    try {
      const wrong = `smtps://reports%40vendpoint.test:Wr0ng-S3cret@127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`;
      setSmtp(wrong);
      expect(await tick()).toMatchObject({ sent: 0 });
      expect(smtp.authFailures).toBeGreaterThan(0);
      const [d] = deliveries();
      expect(d.state).toBe('retrying');
      expect(d.lastError).toMatch(/EAUTH/);
      expect(d.lastError).toContain('smtps://reports%40vendpoint.test:***@127.0.0.1');
      const everything = JSON.stringify({
        deliveries: deliveries(),
        logs,
        settings: t.node.services.db.prepare('SELECT * FROM settings').all(),
        audit: t.node.services.db.prepare('SELECT * FROM audit_log').all(),
      });
      expect(everything).not.toContain('Wr0ng-S3cret');

      setSmtp(smtp.url);
      clock = DUE + 61_000;
      expect(await tick()).toMatchObject({ sent: deliveries().length });
      expect(smtp.received.length).toBe(deliveries().length);
      expect(JSON.stringify(logs)).not.toContain('R1ght-Pa55');
    } finally {
      await smtp.close();
    }
  });

  it('with no SMTP server configured, reports wait as pending without spending attempts', async () => {
    const r = await tick();
    expect(r).toMatchObject({ attempted: 0, sent: 0 });
    expect(r.created).toBeGreaterThan(0);
    for (const d of deliveries())
      expect(d).toMatchObject({
        state: 'pending',
        attempts: 0,
        lastError: expect.stringMatching(/SMTP is not configured/),
      });
    const smtp = await startSmtpCapture();
    try {
      setSmtp(smtp.url);
      clock = DUE + 15_000;
      expect((await tick()).sent).toBe(r.created);
      expect(smtp.received).toHaveLength(r.created);
    } finally {
      await smtp.close();
    }
  });
});

describe('recipients saved before the rule that refuses IP-address domains', () => {
  // Saving refuses `ops@[127.0.0.1]` since session 34; a list saved before still holds it, so
  // it is written here as an older node stored it.
  const saveRecipients = (list: string[]) =>
    t.node.services.db
      .prepare('UPDATE merchants SET report_emails = ? WHERE id = ?')
      .run(JSON.stringify(list), merchantId);

  it('are not sent to; the others are, and the delivery says who was left out', async () => {
    saveRecipients(['books@retry.example', 'ops@[127.0.0.1]', 'x@10.0.0.5']);
    const smtp = await startSmtpCapture();
    try {
      setSmtp(smtp.url);
      const r = await tick();
      expect(r.sent).toBeGreaterThan(0);
      const mine = smtp.received.filter((m) => m.envelope.to.includes('books@retry.example'));
      expect(mine.length).toBeGreaterThan(0);
      for (const m of mine) expect(m.envelope.to).toEqual(['books@retry.example']);
      for (const d of deliveries())
        expect(d).toMatchObject({
          state: 'sent',
          lastError: 'not sent to ops@[127.0.0.1], x@10.0.0.5 (an IP address as the domain)',
        });
    } finally {
      await smtp.close();
    }
  });

  it('with none left, the report is not sent and the delivery says why', async () => {
    saveRecipients(['ops@[127.0.0.1]']);
    const smtp = await startSmtpCapture();
    try {
      setSmtp(smtp.url);
      const r = await tick();
      expect(r.sent).toBe(0);
      expect(smtp.received).toHaveLength(0);
      const all = deliveries();
      expect(all.length).toBeGreaterThan(0);
      for (const d of all)
        expect(d.lastError).toBe(
          'no recipient the node sends to: ops@[127.0.0.1] is at an IP address; set the recipients to addresses at a domain name',
        );
    } finally {
      await smtp.close();
    }
  });
});

describe('a send interrupted by a crash', () => {
  it('is marked failed for an operator, never sent again automatically', async () => {
    const smtp = await startSmtpCapture();
    try {
      setSmtp(smtp.url);
      const { db } = t.node.services;
      // A process claimed the delivery and died before recording the outcome.
      const d = ensureDelivery(db, {
        merchantId,
        environment: 'live',
        day: today,
        timezone: TZ,
        nowIso: new Date(DUE - 60_000).toISOString(),
      });
      expect(claimDelivery(db, d.id, 'scheduled', new Date(DUE - 60_000).toISOString())).not.toBeNull();
      // A second process may not claim it while it is being sent.
      expect(claimDelivery(db, d.id, 'manual', new Date(DUE).toISOString())).toBeNull();
      clock = DUE + 11 * 60_000;
      const r = await tick();
      expect(r.interrupted).toBe(1);
      const after = findDelivery(db, merchantId, 'live', today)!;
      expect(after.state).toBe('failed');
      expect(after.lastError).toMatch(/interrupted/);
      expect(smtp.received.map((m) => m.parsed.subject)).not.toContain(
        `Daily report ${today}: RETRY Ltd (RETRY)`,
      );
    } finally {
      await smtp.close();
    }
  });
});
