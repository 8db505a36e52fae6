import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { startSmtpCapture, csvAttachment, type SmtpCapture } from '../helpers/smtp-capture.js';
import { csvObjects } from '../helpers/csv-parse.js';
import { updateMerchant } from '../../server/store/merchants.js';
import { claimDelivery, ensureDelivery } from '../../server/store/report-deliveries.js';
import { addDays, localDay } from '../../server/domain/business-days.js';

const today = localDay(Date.now(), 'Africa/Lagos');
const yesterday = addDays(today, -1);
let t: TestNode;
let smtp: SmtpCapture;

/** Runs the operator CLI as a child process, as an operator would. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'server/cli.ts', '--data-dir', t.dataDir, '--json', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, VENDPOINT_SMTP_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `--json` prints exactly one JSON object on stdout and nothing else. */
function onlyJson(stdout: string): any {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestNode();
  const m = t.merchant('CLIREP', { testNaira: 50_000 });
  updateMerchant(
    t.node.services.db,
    'CLIREP',
    { reportEmails: ['cli@clirep.example'], reportTest: true },
    'test',
  );
  const buys = [
    {
      path: '/v1/transactions/airtime/sync',
      body: { network: 'glo', customer_msisdn: '08051234567', amount: '100' },
    },
    {
      path: '/v1/transactions/airtime/sync',
      body: { network: 'airtel', customer_msisdn: '08021234567', amount: '250.50' },
    },
    {
      path: '/v1/transactions',
      body: {
        product: 'ELECTRICITY',
        network: 'EKEDC',
        customer_msisdn: '10000000001',
        plan_code: '103',
        amount: '2000',
      },
    },
  ];
  for (const [i, b] of buys.entries()) {
    const r = await t.call('POST', b.path, {
      pair: m.test,
      body: { merchant_code: 'CLIREP', client_request_id: `cli-${i}`, ...b.body },
    });
    expect(r.json.status, r.text).toBe('success');
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('report run (operator CLI, child process)', () => {
  it('builds the day of the purchases made through the API, printing one JSON object', async () => {
    const r = await cli(['report', 'run', '--date', today, '--code', 'CLIREP']);
    expect(r.code, r.stderr).toBe(0);
    const { reports } = onlyJson(r.stdout);
    expect(reports.map((x: any) => x.environment)).toEqual(['live', 'test']);
    const test = reports[1];
    expect(test).toMatchObject({
      merchant_code: 'CLIREP',
      environment: 'test',
      date: today,
      complete: false,
      transactions: 3,
      totals: { count: 3, amount: '2350.50', debit: '2350.50' },
      totals_by_product: [
        { product: 'airtime', count: 2, amount: '350.50' },
        { product: 'ELECTRICITY', count: 1, amount: '2000.00' },
      ],
      status_breakdown: {
        success: { count: 3, amount: '2350.50' },
        failed: { count: 0 },
        pending: { count: 0 },
      },
      opening_balance: '0.00',
      closing_balance: '47649.50',
      wallet_movements: { funding: '50000.00', debits: '-2350.50', refunds: '0.00' },
      recipients: ['cli@clirep.example'],
      sent: false,
      delivery: null,
    });
    expect(reports[0]).toMatchObject({ environment: 'live', transactions: 0, closing_balance: '0.00' });
  });

  it('without --code covers every merchant with report recipients, and only them', async () => {
    const r = await cli(['report', 'run', '--date', today]);
    expect(r.code, r.stderr).toBe(0);
    const codes = new Set(onlyJson(r.stdout).reports.map((x: any) => x.merchant_code));
    expect(codes).toEqual(new Set(['CLIREP']));
  });

  it('refuses to send a day that has not ended', async () => {
    const r = await cli([
      'report',
      'run',
      '--date',
      today,
      '--send',
      '--code',
      'CLIREP',
      '--smtp-url',
      smtp.url,
    ]);
    expect(r.code).toBe(2);
    expect(onlyJson(r.stdout).error).toMatch(/has not ended yet/);
    expect(smtp.received).toHaveLength(0);
  });

  it('--send e-mails the reports once; a second run sends nothing', async () => {
    const first = await cli([
      'report',
      'run',
      '--date',
      yesterday,
      '--send',
      '--code',
      'CLIREP',
      '--smtp-url',
      smtp.url,
    ]);
    expect(first.code, first.stderr + first.stdout).toBe(0);
    const out = onlyJson(first.stdout);
    expect(out.smtp).toBe(smtp.url);
    expect(
      out.reports.map((x: any) => [x.environment, x.date, x.sent, x.delivery.state, x.delivery.attempts]),
    ).toEqual([
      ['live', yesterday, true, 'sent', 1],
      ['test', yesterday, true, 'sent', 1],
    ]);
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual([
      `Daily report ${yesterday}: CLIREP Ltd (CLIREP)`,
      `[TEST] Daily report ${yesterday}: CLIREP Ltd (CLIREP)`,
    ]);
    expect(smtp.received.every((m) => m.envelope.to.join() === 'cli@clirep.example')).toBe(true);
    expect(csvObjects(csvAttachment(smtp.received[0])!.text)).toEqual([]);

    const again = await cli([
      'report',
      'run',
      '--date',
      yesterday,
      '--send',
      '--code',
      'CLIREP',
      '--smtp-url',
      smtp.url,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(onlyJson(again.stdout).reports.map((x: any) => [x.sent, x.skipped])).toEqual([
      [false, 'already_sent'],
      [false, 'already_sent'],
    ]);
    expect(smtp.received).toHaveLength(2);
  });

  it('fails with a readable error when no SMTP server is configured, naming its own flag', async () => {
    const r = await cli(['report', 'run', '--date', addDays(today, -2), '--send', '--code', 'CLIREP']);
    expect(r.code).toBe(1);
    const { reports } = onlyJson(r.stdout);
    expect(reports[0]).toMatchObject({
      sent: false,
      error: expect.stringMatching(/SMTP is not configured: pass --smtp-url \(or set VENDPOINT_SMTP_URL\)/),
    });
  });

  it('a send under way elsewhere is "not delivered" (exit 1); one cut off is taken up again after 10 minutes', async () => {
    const day = addDays(today, -3);
    const db = t.node.services.db;
    const merchantId = (db.prepare("SELECT id FROM merchants WHERE code = 'CLIREP'").get() as { id: number })
      .id;
    const now = new Date().toISOString();
    // A CLI killed mid-send left the live report claimed.
    const d = ensureDelivery(db, {
      merchantId,
      environment: 'live',
      day,
      timezone: 'Africa/Lagos',
      nowIso: now,
    });
    expect(claimDelivery(db, d.id, 'manual', now)).not.toBeNull();
    const send = () =>
      cli(['report', 'run', '--date', day, '--send', '--code', 'CLIREP', '--smtp-url', smtp.url]);
    const busy = await send();
    expect(busy.code).toBe(1);
    expect(onlyJson(busy.stdout).reports.map((x: any) => [x.environment, x.sent, x.skipped ?? null])).toEqual(
      [
        ['live', false, 'in_progress'],
        ['test', true, null],
      ],
    );
    db.prepare('UPDATE report_deliveries SET claimed_at = ? WHERE id = ?').run(
      new Date(Date.now() - 11 * 60_000).toISOString(),
      d.id,
    );
    const later = await send();
    expect(later.code, later.stdout).toBe(0);
    expect(
      onlyJson(later.stdout).reports.map((x: any) => [x.environment, x.sent, x.skipped ?? null]),
    ).toEqual([
      ['live', true, null],
      ['test', false, 'already_sent'],
    ]);
  });
});
