import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { testConfig } from '../../server/config.js';
import { updateMerchant } from '../../server/store/merchants.js';
import { listDeliveries } from '../../server/store/report-deliveries.js';
import { updateReportSettings } from '../../server/reports/report-settings.js';
import { runReportSchedule } from '../../server/jobs/report-schedule.js';
import { reportContextOf } from '../../server/reports/delivery-service.js';
import { addDays, deliveryDayOf, localDay, weekday } from '../../server/domain/business-days.js';
import type { Services } from '../../server/services/context.js';

const TZ = 'Africa/Lagos';
const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: TZ }).toMillis();
const today = localDay(Date.now(), TZ);
/** A Friday at least a week ahead, so the merchant created now existed on every day involved. */
const FRI = (() => {
  let d = addDays(today, 7);
  while (weekday(d) !== 5) d = addDays(d, 1);
  return d;
})();
const [THU, SAT, SUN, MON, TUE, WED] = [-1, 1, 2, 3, 4, 5].map((n) => addDays(FRI, n));

describe('the schedule sends each day once, T+1 on business days (clock injected)', () => {
  let smtp: SmtpCapture;
  let t: TestNode;
  let node: RunningNode | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-reports-'));
  let clock = 0;
  const tick = (s: Services) => runReportSchedule(reportContextOf(s, { nodeUrl: null, now: () => clock }));
  /** Report days in the subjects of mails received since index `from`, in order. */
  const daysSent = (from: number) =>
    smtp.received.slice(from).map((m) => /Daily report (\d{4}-\d{2}-\d{2})/.exec(m.parsed.subject!)![1]);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestNode({ dataDir });
    t.merchant('WEEKLY', {});
    const { db, box } = t.node.services;
    updateMerchant(db, 'WEEKLY', { reportEmails: ['accounts@weekly.example'] }, 'test');
    // Tuesday of the second week is a public holiday.
    updateReportSettings(db, box, { smtpUrl: smtp.url, holidays: [TUE], sendTime: '07:00' }, 'test');
    // Thursday: everything since the merchant was created, up to Wednesday, goes out first.
    clock = at(THU, '08:00');
    const first = await tick(t.node.services);
    expect(daysSent(0)).toEqual(Array.from({ length: first.sent }, (_, i) => addDays(THU, -first.sent + i)));
    expect(daysSent(0).at(-1)).toBe(addDays(THU, -1));
  });

  afterAll(async () => {
    await node?.close();
    await t.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Friday sends Thursday, from the configured time on', async () => {
    const n = smtp.received.length;
    clock = at(FRI, '06:59');
    expect((await tick(t.node.services)).sent).toBe(0);
    clock = at(FRI, '07:00');
    await tick(t.node.services);
    expect(daysSent(n)).toEqual([THU]);
  });

  it('the weekend sends nothing; Monday sends Friday, Saturday and Sunday', async () => {
    const n = smtp.received.length;
    for (const day of [SAT, SUN]) {
      clock = at(day, '09:00');
      const r = await tick(t.node.services);
      expect(r).toMatchObject({ businessDay: false, created: 0, sent: 0 });
    }
    expect(daysSent(n)).toEqual([]);
    clock = at(MON, '07:30');
    await tick(t.node.services);
    expect(daysSent(n)).toEqual([FRI, SAT, SUN]);
    expect(deliveryDayOf(FRI, [])).toBe(MON);
  });

  it('a holiday is skipped: Wednesday sends Monday and the holiday Tuesday', async () => {
    const n = smtp.received.length;
    clock = at(TUE, '08:00');
    expect(await tick(t.node.services)).toMatchObject({ businessDay: false, sent: 0 });
    clock = at(WED, '08:00');
    await tick(t.node.services);
    expect(daysSent(n)).toEqual([MON, TUE]);
    const rows = listDeliveries(t.node.services.db, { from: THU, to: TUE }).rows;
    expect(rows.map((d) => [d.reportDate, d.state, d.attempts])).toEqual(
      [TUE, MON, SUN, SAT, FRI, THU].map((d) => [d, 'sent', 1]),
    );
  });

  it('a restarted node on the same data directory sends nothing already delivered', async () => {
    const n = smtp.received.length;
    const before = listDeliveries(t.node.services.db, {}, 1000).rows;
    await t.node.close();
    node = await startNode(testConfig(dataDir));
    expect(node.firstRun).toBeNull();
    for (const time of ['08:00', '12:00', '23:59']) {
      clock = at(WED, time);
      expect(await tick(node.services)).toMatchObject({ created: 0, attempted: 0, sent: 0 });
    }
    expect(smtp.received.length).toBe(n);
    const after = listDeliveries(node.services.db, {}, 1000).rows;
    expect(after.map((d) => [d.reportDate, d.state, d.attempts, d.sentAt])).toEqual(
      before.map((d) => [d.reportDate, d.state, d.attempts, d.sentAt]),
    );
    // Thursday sends Wednesday only, once.
    clock = at(addDays(WED, 1), '08:00');
    await tick(node.services);
    expect(daysSent(n)).toEqual([WED]);
    const subjects = smtp.received.map((m) => m.parsed.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });
});

describe('the running node', () => {
  it('runs the report schedule itself (node.ts wiring), with the SMTP URL from --smtp-url', async () => {
    const smtp = await startSmtpCapture();
    const day = deliveryDayOf(today, []);
    // The node's clock reads 08:00 on the next business day; the cron job ticks every 15 s.
    const t = await startTestNode({ schedules: true, smtpUrl: smtp.url }, { now: () => at(day, '08:00') });
    try {
      t.merchant('CRON', {});
      updateMerchant(t.node.services.db, 'CRON', { reportEmails: ['cron@example.com'] }, 'test');
      const got = await eventually(
        async () => smtp.received.length,
        (n) => n > 0,
        25_000,
      );
      expect(got).toBeGreaterThan(0);
      expect(smtp.received[0].envelope.to).toEqual(['cron@example.com']);
      expect(smtp.received[0].parsed.subject).toBe(`Daily report ${today}: CRON Ltd (CRON)`);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 40_000);
});
