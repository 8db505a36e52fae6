import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * The business timezone is a setting (edited with the report settings): where reports,
 * cash-ups and the console's date filters cut their days. The sales below are made now, so the
 * other zone is chosen for its calendar day to differ from Lagos's at this very instant
 * (Pago Pago is 12 hours behind Lagos, Kiritimati 13 ahead).
 */

let t: TestNode;
let admin: ConsoleClient;
let agentId: number;
const LAGOS = 'Africa/Lagos';
const lagosHour = DateTime.now().setZone(LAGOS).hour;
const OTHER = lagosHour < 12 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
const dayIn = (zone: string) => DateTime.now().setZone(zone).toISODate()!;
const dayStartIn = (zone: string) => DateTime.now().setZone(zone).startOf('day').toUTC().toISO()!;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  const created = await admin.post('/console/users', {
    username: 'zoe',
    password: 'agent password 1',
    role: 'agent',
    merchant_code: 'DEMO',
  });
  expect(created.status).toBe(201);
  agentId = created.json.id;
  const agent = await consoleLogin(t.url, 'zoe', 'agent password 1');
  for (const key of ['tz-sale-1', 'tz-sale-2']) {
    const r = await agent.post('/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: key,
    });
    expect(r.status, r.text).toBe(200);
  }
  await eventually(
    () => admin.get(`/console/admin/users/${agentId}/cashup?environment=test`),
    (r) => r.json.by_status?.success.count === 2,
  );
});
afterAll(async () => {
  if (t) expect(t.ledgerOk()).toBe(true);
  await t?.close();
});

const report = async (day: string) =>
  (await admin.get(`/console/reports/DEMO/test/${day}`)).json.report as {
    timezone: string;
    transactions: number;
  };

describe('the business timezone setting', () => {
  it('defaults to Africa/Lagos for reports, cash-ups and the sales list', async () => {
    expect(dayIn(OTHER)).not.toBe(dayIn(LAGOS));
    expect((await admin.get('/console/report-settings')).json.timezone).toBe(LAGOS);
    expect(await report(dayIn(LAGOS))).toMatchObject({ timezone: LAGOS, transactions: 2 });
    expect((await report(dayIn(OTHER))).transactions).toBe(0);
    const cashup = await admin.get(`/console/admin/users/${agentId}/cashup?environment=test`);
    expect(cashup.json.shift_start).toBe(dayStartIn(LAGOS));
    const today = dayIn(LAGOS);
    expect((await admin.get(`/console/purchases?from=${today}&to=${today}`)).json.total).toBe(2);
    expect((await admin.get('/console/purchases.csv')).text.split(',')[0]).toBe('time_lagos');
  });

  it('another zone moves the day boundaries of a report, a cash-up and the date filters', async () => {
    const put = await admin.put('/console/report-settings', { timezone: OTHER });
    expect(put.status, put.text).toBe(200);

    // The same two sales now belong to the other zone's day, not to Lagos's.
    expect(await report(dayIn(OTHER))).toMatchObject({ timezone: OTHER, transactions: 2 });
    expect((await report(dayIn(LAGOS))).transactions).toBe(0);

    // An agent's first shift starts at midnight in the business timezone.
    const cashup = await admin.get(`/console/admin/users/${agentId}/cashup?environment=test`);
    expect(cashup.json.shift_start).toBe(dayStartIn(OTHER));
    expect(cashup.json.shift_start).not.toBe(dayStartIn(LAGOS));
    expect(cashup.json.by_status.success.count).toBe(2);

    const other = dayIn(OTHER);
    const lagos = dayIn(LAGOS);
    expect((await admin.get(`/console/purchases?from=${other}&to=${other}`)).json.total).toBe(2);
    expect((await admin.get(`/console/purchases?from=${lagos}&to=${lagos}`)).json.total).toBe(0);
    const csv = (await admin.get('/console/purchases.csv')).text;
    expect(csv.split(',')[0]).toBe(`time_${OTHER.split('/')[1].toLowerCase()}`);

    const dashboard = await admin.get('/console/admin/dashboard?environment=test');
    expect(dashboard.json).toMatchObject({ timezone: OTHER, date: other });
  });
});
