import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';

/**
 * A report or reconciliation recipient at an IP address (`a@[127.0.0.1]`, `a@10.0.0.5`) is
 * refused wherever recipients are saved, console and CLI alike, saying why: the node's mail
 * server would deliver the day's sales straight to that host, past the domain's mail servers.
 */
let t: TestNode;
let admin: ConsoleClient;
beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'admin', 'a long enough password');
});
afterAll(async () => t?.close());

const cli = (...args: string[]) => runCli(t.dataDir, ['--json', ...args]);
/** Each test runs the CLI a few times, a child process each: seconds apiece on a busy machine. */
const CLI_CALLS_TIMEOUT = 180_000;

const IP_LITERALS = ['a@[127.0.0.1]', 'ops@[IPv6:::1]', 'ops@10.0.0.5'];
const WHY = 'its domain is an IP address';

describe('recipients at an IP address are refused, saying why', () => {
  it.each(IP_LITERALS)(
    'a merchant report recipient %s: console 400 and CLI exit 2, the list unchanged',
    async (address) => {
      const page = await admin.patch('/console/admin/merchants/DEMO', {
        report_emails: ['ops@shop.ng', address],
      });
      expect(page.status).toBe(400);
      expect(page.json.message).toContain(`report recipients: "${address}" is not an address`);
      expect(page.json.message).toContain(WHY);
      const r = cli('merchant', 'update', '--code', 'DEMO', '--report-email', address);
      expect(r.status).toBe(2);
      expect(r.json.error).toContain(`--report-email: "${address}" is not an address`);
      expect(r.json.error).toContain(WHY);
      const demo = cli('merchant', 'list').json.merchants.find(
        (m: { merchant_code: string }) => m.merchant_code === 'DEMO',
      );
      expect(demo.report_emails).toEqual([]);
    },
    CLI_CALLS_TIMEOUT,
  );

  it.each(IP_LITERALS)(
    'a reconciliation operator %s: console 400 and CLI exit 2, the list unchanged',
    async (address) => {
      const page = await admin.put('/console/admin/reconciliation/settings', {
        operator_emails: [address],
      });
      expect(page.status).toBe(400);
      expect(page.json.message).toContain(`"${address}" is not an address`);
      expect(page.json.message).toContain(WHY);
      const r = cli('reconcile', 'settings', '--email', address);
      expect(r.status).toBe(2);
      expect(r.json.error).toContain(`--email: "${address}" is not an address`);
      expect(r.json.error).toContain(WHY);
      expect((await admin.get('/console/admin/reconciliation')).json.settings.operator_emails).toEqual([]);
    },
    CLI_CALLS_TIMEOUT,
  );

  it('an address at a domain name is still saved, its domain written with digits or not', async () => {
    const page = await admin.patch('/console/admin/merchants/DEMO', {
      report_emails: ['ops@shop.ng', 'ops@123.example.ng'],
    });
    expect(page.status).toBe(200);
    expect(page.json.report_emails).toEqual(['ops@shop.ng', 'ops@123.example.ng']);
  });
});
