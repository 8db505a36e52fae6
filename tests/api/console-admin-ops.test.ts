import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * Issue 7, the rest of the operator's day through the admin /console API: catalogs, users
 * with their daily limit and shift cash-up, ledger verify and report run, report settings,
 * and a backup.
 */

let t: TestNode;
let admin: ConsoleClient;
let seq = 0;
const ref = (p: string) => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  expect((await admin.post('/console/admin/merchants', { code: 'ACME', name: 'Acme Stores' })).status).toBe(
    201,
  );
  await admin.patch('/console/admin/merchants/ACME', { report_emails: ['ops@acme.test'] });
});
afterAll(async () => {
  if (t) expect(t.ledgerOk()).toBe(true);
  await t?.close();
});

describe('catalogs, users, cash-up, backup', () => {
  it("the Catalogs table says a plan's details in words, never the catalog's codes (range, prepaid, out_of_stock, GB)", async () => {
    const detailsOf = async (kind: string) =>
      new Set(
        (
          (await admin.get(`/console/admin/catalogs/${kind}?limit=200`)).json.rows as { detail: string }[]
        ).map((r) => r.detail),
      );
    const bills = await detailsOf('bill');
    expect(bills).toContain('Fixed amount');
    expect(bills).toContain('Amount in a range · Prepaid meter');
    expect(bills).toContain('Amount in a range · Postpaid meter');
    const cards = await detailsOf('giftcard');
    expect(cards).toContain('United Kingdom · Gaming · Out of stock');
    expect(cards).toContain('United States · Gaming · Pre-order only');
    expect(cards).toContain('Canada · Gaming · In stock, delivered within minutes');
    expect(cards).toContain('Germany · Gaming · In stock');
    const codes = [
      'fixed',
      'range',
      'prepaid',
      'postpaid',
      'immediate',
      'standard',
      'out_of_stock',
      'preorder',
    ];
    const pieces = [...bills, ...cards].flatMap((d) => d.split(' · '));
    expect(pieces.filter((p) => codes.includes(p.toLowerCase()) || /^[A-Z]{2}$/.test(p))).toEqual([]);
    // A data plan's code stays: it is what the search finds it by.
    expect(await detailsOf('data')).toContain('GLO-105 · 1 day');
  });

  it('disabling a plan takes it off /v1 at once; enabling brings it back', async () => {
    const page = await admin.get('/console/admin/catalogs/data?group=GLO&search=GLO-105');
    expect(page.json.rows).toHaveLength(1);
    const plan = page.json.rows[0];
    const listed = async () =>
      (await t.call('GET', '/v1/plans/glo')).json.data.some(
        (p: { plan_code: string }) => p.plan_code === 'GLO-105',
      );
    expect(await listed()).toBe(true);
    expect(
      (await admin.post(`/console/admin/catalogs/data/${plan.id}/active`, { active: false })).json.active,
    ).toBe(false);
    expect(await listed()).toBe(false);
    await admin.post(`/console/admin/catalogs/data/${plan.id}/active`, { active: true });
    expect(await listed()).toBe(true);
    // The audit names the plan, not only its table and id.
    const audit = (await admin.get('/console/admin/audit')).json.entries as {
      action: string;
      detail: Record<string, unknown>;
    }[];
    expect(audit.filter((e) => e.action.startsWith('catalog.')).slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'catalog.enable', detail: { plan: plan.name } }),
      expect.objectContaining({ action: 'catalog.disable', detail: { plan: plan.name } }),
    ]);
    expect((await admin.post('/console/admin/catalogs/data/999999/active', { active: false })).status).toBe(
      404,
    );
    const sync = await admin.post('/console/admin/catalogs/sync');
    expect(sync.json.last).toMatchObject({ trigger: 'manual' });
    expect((await admin.get('/console/admin/catalogs/sync')).json.last.id).toBe(sync.json.last.id);
  });

  it("an agent's cash-up tallies the shift by product; the next shift starts where it ended", async () => {
    const created = await admin.post('/console/users', {
      username: 'ada',
      password: 'agent password 1',
      role: 'agent',
      merchant_code: 'DEMO',
    });
    expect(created.status).toBe(201);
    const ada = await consoleLogin(t.url, 'ada', 'agent password 1');
    const sold: string[] = [];
    for (const amount of ['100', '200']) {
      const r = await ada.post('/console/sell', {
        product: 'airtime',
        network: 'mtn',
        customer_msisdn: '08031234567',
        amount,
        client_request_id: ref('desk'),
      });
      expect(r.status).toBe(200);
      sold.push(r.json.reference);
    }
    await eventually(
      () => admin.get(`/console/admin/users/${created.json.id}/cashup?environment=test`),
      (r) => r.json.by_status.success.count === 2,
    );
    const closed = await admin.post(`/console/admin/users/${created.json.id}/cashups`, {
      environment: 'test',
      counted: '290',
      note: 'drawer',
    });
    expect(closed.status).toBe(201);
    expect(closed.json).toMatchObject({
      by_product: [{ product: 'airtime', count: 2, amount: '300.00' }],
      total: '300.00',
      counted: '290.00',
      difference: '-10.00',
      closed_by: 'user:operator',
    });
    const next = await admin.get(`/console/admin/users/${created.json.id}/cashup?environment=test`);
    expect(next.json.shift_start).toBe(closed.json.shift_end);
    expect(next.json.sales_count).toBe(0);
    const overlap = await admin.post(`/console/admin/users/${created.json.id}/cashups`, {
      environment: 'test',
      from: closed.json.shift_start,
    });
    expect(overlap.status).toBe(409);
    expect((await admin.get(`/console/admin/cashups/${closed.json.id}`)).json.total).toBe('300.00');

    // The daily limit counts today's sales (₦300) plus the new one.
    await admin.patch(`/console/admin/users/${created.json.id}`, { daily_sales_limit: '350' });
    const over = await ada.post('/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: ref('desk'),
    });
    expect(over.status).toBe(403);
    expect(over.json.message).toMatch(/daily sales limit of ₦350\.00.*₦300\.00 sold today/);
    // A reversed sale went back to the wallet: like a failed one, it no longer counts.
    const reversed = await admin.post(`/console/admin/purchases/${sold[1]}/reverse`, {
      reason: 'customer returned the voucher',
    });
    expect(reversed.json.status).toBe('reversed');
    // Its shift was closed: the open shift lists it as money due back to a customer.
    const open = await admin.get(`/console/admin/users/${created.json.id}/cashup?environment=test`);
    expect(open.json.earlier_refunded).toEqual({ count: 1, amount: '200.00' });
    expect(open.json.total).toBe('0.00');
    expect((await admin.get(`/console/admin/cashups/${closed.json.id}`)).json.total).toBe('300.00');
    const listed = await admin.get('/console/admin/users');
    const row = listed.json.users.find((u: { id: number }) => u.id === created.json.id);
    expect(row.sold_today.test).toBe('100.00');
    const within = await ada.post('/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: ref('desk'),
    });
    expect(within.status).toBe(200);
    await admin.patch(`/console/admin/users/${created.json.id}`, { daily_sales_limit: null });
    expect(
      (
        await ada.post('/console/sell', {
          product: 'airtime',
          network: 'mtn',
          customer_msisdn: '08031234567',
          amount: '100',
          client_request_id: ref('desk'),
        })
      ).status,
    ).toBe(200);

    // Deactivation ends the agent's session at once; the last admin cannot be deactivated.
    await admin.patch(`/console/admin/users/${created.json.id}`, { active: false });
    expect((await ada.get('/console/session')).status).toBe(401);
    const users = await admin.get('/console/admin/users');
    const me = users.json.users.find((u: { username: string }) => u.username === 'operator');
    expect((await admin.patch(`/console/admin/users/${me.id}`, { active: false })).status).toBe(409);
  });

  it('a sale that failed after pending is its own cash-up line, apart from failed ones nobody paid for', async () => {
    const created = await admin.post('/console/users', {
      username: 'bola',
      password: 'agent password 1',
      role: 'agent',
      merchant_code: 'DEMO',
    });
    expect(created.status).toBe(201);
    const bola = await consoleLogin(t.url, 'bola', 'agent password 1');
    const sell = (msisdn: string, amount: string) =>
      bola.post('/console/sell', {
        product: 'airtime',
        network: 'mtn',
        customer_msisdn: msisdn,
        amount,
        client_request_id: ref('desk'),
      });
    // Test numbers: ...0003 answers pending, then fails when asked again; ...0001 fails at once.
    const late = await sell('08030000003', '250');
    expect(late.json.status).toBe('pending');
    const settled = await bola.post(`/console/purchases/${late.json.reference}/requery`, {});
    expect(settled.json).toMatchObject({ status: 'failed', was_pending: true });
    const atOnce = await sell('08030000001', '300');
    const failed = await eventually(
      () => bola.get(`/console/purchases/${atOnce.json.reference}`),
      (r) => r.json.status === 'failed',
    );
    expect(failed.json.was_pending).toBe(false);
    await sell('08031234567', '1000');
    const url = `/console/admin/users/${created.json.id}/cashup?environment=test`;
    const open = await eventually(
      () => admin.get(url),
      (r) => r.json.by_status.success.count === 1,
    );
    expect(open.json).toMatchObject({
      by_status: {
        success: { count: 1, amount: '1000.00' },
        pending: { count: 0, amount: '0.00' },
        failed: { count: 1, amount: '300.00' },
      },
      failed_after_pending: { count: 1, amount: '250.00' },
      // The money of the failed-after-pending sale went back to the customer: not cash kept.
      total: '1000.00',
    });
    const closed = await admin.post(`/console/admin/users/${created.json.id}/cashups`, {
      environment: 'test',
      counted: '1000',
    });
    expect(closed.json).toMatchObject({
      failed_after_pending: { count: 1, amount: '250.00' },
      by_status: { failed: { count: 1, amount: '300.00' } },
      difference: '0.00',
    });
    expect((await admin.get(`/console/admin/cashups/${closed.json.id}`)).json.failed_after_pending).toEqual({
      count: 1,
      amount: '250.00',
    });
  });

  it('ledger verify and report run work from the console as on the CLI', async () => {
    const verify = await admin.get('/console/admin/ledger/verify');
    expect(verify.json).toMatchObject({ ok: true, problems: [] });
    expect(verify.json.wallets).toBeGreaterThanOrEqual(4);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const run = await admin.post('/console/admin/reports/run', { date: today, send: false });
    expect(run.status).toBe(200);
    // ACME has a recipient (set above); DEMO has none, so it is not reported.
    expect(
      run.json.reports.map(
        (r: { merchant_code: string; environment: string }) => `${r.merchant_code}:${r.environment}`,
      ),
    ).toEqual(['ACME:live']);
    expect(run.json.reports[0]).toMatchObject({ sent: false, recipients: ['ops@acme.test'] });
  });

  it('report settings are saved under the admin guard; the SMTP password never comes back', async () => {
    const password = 'Sup3r-Secret-Pw';
    const put = await admin.put('/console/report-settings', {
      smtp_url: `smtp://reports:${password}@127.0.0.1:2525`,
      holidays: ['2026-12-25'],
      send_time: '06:30',
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ holidays: ['2026-12-25'], send_time: '06:30', smtp_source: 'settings' });
    for (const r of [
      put,
      await admin.get('/console/report-settings'),
      await admin.get('/console/admin/audit'),
    ]) {
      expect(r.text).not.toContain(password);
    }
    expect((await admin.get('/console/report-settings')).json.smtp_url).toMatch(
      /^smtp:\/\/reports:\*\*\*@127\.0\.0\.1:2525/,
    );
  });

  it('report settings refuse a field they do not know, as other console forms do, and keep what was saved', async () => {
    const before = (await admin.get('/console/report-settings')).json;
    const put = await admin.put('/console/report-settings', { send_time: '07:15', sendtime: '08:00' });
    expect(put.status).toBe(400);
    expect(put.json.message).toContain('unknown field sendtime');
    expect((await admin.get('/console/report-settings')).json).toEqual(before);
  });

  it('backup now writes a consistent SQLite copy into the data directory', async () => {
    const r = await admin.post('/console/admin/backups');
    expect(r.status).toBe(201);
    expect(r.json.path.startsWith(`${t.dataDir}/backups/`)).toBe(true);
    expect(existsSync(r.json.path)).toBe(true);
    const copy = new Database(r.json.path, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare("SELECT name FROM merchants WHERE code = 'ACME'").pluck().get()).toBe(
        'Acme Stores',
      );
    } finally {
      copy.close();
    }
    expect((await admin.get('/console/admin/backups')).json.backups[0].file).toBe(r.json.file);
    const download = await admin.get(`/console/admin/backups/${r.json.file}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain(r.json.file);
    expect((await admin.get('/console/admin/backups/..%2Fvendpoint.db')).status).toBe(404);
  });
});
