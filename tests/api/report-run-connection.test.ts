import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.js';

/**
 * The console's report run works on the node's own SQLite connection: a second connection
 * inside the running node would show as a commit by "another process" (data_version moves),
 * which drops every in-memory cache.
 */

let t: TestNode;
let admin: ConsoleClient;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestNode({ smtpUrl: smtp.url });
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  await admin.post('/console/admin/merchants', { code: 'ACME', name: 'Acme Stores' });
  await admin.patch('/console/admin/merchants/ACME', { report_emails: ['ops@acme.test'] });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /console/admin/reports/run', () => {
  it("sends through the node's own connection: no commit by another connection is seen", async () => {
    const dataVersion = () => t.node.services.db.pragma('data_version', { simple: true }) as number;
    const before = dataVersion();
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const run = await admin.post('/console/admin/reports/run', { date: yesterday, send: true });
    expect(run.status).toBe(200);
    expect(run.json.reports[0]).toMatchObject({ merchant_code: 'ACME', sent: true });
    expect(smtp.received).toHaveLength(1);
    expect(dataVersion()).toBe(before);
  });
});
