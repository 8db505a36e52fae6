import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, airtimeSale, eventually, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { fundAndFillSales } from '../helpers/test-store.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { hashPassword } from '../../server/services/console-auth.js';

/**
 * The desk's CSV export in two steps (http/console/started-exports.ts): POST
 * /console/purchases/exports makes every check and reads the first page, so a refusal is a
 * JSON answer the page shows (a download is a navigation: a refused one was a failed file);
 * the link it answers downloads the file once, for its user, from the page already read.
 */
let t: TestNode;
let admin: ConsoleClient;
let agent: ConsoleClient;
const SALES = 300;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  fundAndFillSales(t.node.services.db, 'DEMO', SALES, 'sales to export');
  const demo = getMerchantByCode(t.node.services.db, 'DEMO')!;
  createConsoleUser(
    t.node.services.db,
    {
      merchantId: demo.id,
      username: 'desk',
      role: 'agent',
      passwordHash: await hashPassword('a long agent password'),
    },
    'test',
  );
  agent = await consoleLogin(t.url, 'desk', 'a long agent password');
  for (const c of [admin, agent]) {
    const r = await c.call('POST', '/console/session/environment', { environment: 'test' });
    expect(r.status, r.text).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await t.close();
});

const start = (c: ConsoleClient, query: string) => c.post(`/console/purchases/exports?${query}`);

describe("History's export started by the desk", () => {
  it('downloads, once and only for its user, the file the direct CSV gives', async () => {
    for (const query of ['search=34567', 'status=success', 'search=found-nowhere']) {
      const direct = await admin.get(`/console/purchases.csv?${query}`);
      expect(direct.status).toBe(200);
      const started = await start(admin, query);
      expect(started.status, started.text).toBe(200);
      expect(started.json.href).toMatch(/^\/console\/purchases\/exports\/[\w-]{20,}$/);
      // Another user of the merchant is not given it.
      expect((await agent.get(started.json.href)).status).toBe(404);
      const file = await admin.get(started.json.href);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(direct.headers['content-disposition']);
      expect(file.text).toBe(direct.text);
      const again = await admin.get(started.json.href);
      expect(again.status).toBe(404);
      expect(again.json.message).toBe('This export has expired or was downloaded already: export again');
    }
  });

  it('reads the first page when it starts: a sale made before the download is not in the file', async () => {
    const before = await admin.get('/console/purchases.csv?search=34567');
    const started = await start(admin, 'search=34567');
    expect(started.status).toBe(200);
    const sale = await t.call('POST', '/v1/transactions', {
      body: airtimeSale('after-export-start', { customer_msisdn: '08031234567' }),
    });
    expect(sale.status, sale.text).toBe(200);
    const file = await admin.get(started.json.href);
    expect(file.text).toBe(before.text);
    // The direct CSV, read now, has it: the started one did not read its first page again.
    const now = await admin.get('/console/purchases.csv?search=34567');
    expect(now.text.trim().split('\n')).toHaveLength(before.text.trim().split('\n').length + 1);
  });

  it('answers a refusal as JSON for the page: the search thread full (503, Retry-After), a bad date (400)', async () => {
    const thread = t.node.services.search;
    thread.hold();
    const held = thread.whenHeld();
    const first = admin.get('/console/purchases?search=34567');
    await held;
    const queued = ['illed-1', 'illed-2', 'illed-3', 'illed-4'].map((text) =>
      admin.get(`/console/purchases?search=${text}`),
    );
    await eventually(
      async () => thread.busy.queued,
      (n) => n === thread.maxQueued,
    );
    const refused = await start(admin, 'search=illed-5');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json.message).toContain('The node is busy: 5 History searches are under way or waiting');
    thread.release();
    expect((await first).status).toBe(200);
    expect((await Promise.all(queued)).map((r) => r.status)).toEqual([200, 200, 200, 200]);

    const badDate = await start(admin, 'from=2026-13-45');
    expect(badDate.status).toBe(400);
    expect(badDate.json.message).toBe('from must be a date like 2026-01-31');
    // State-changing: refused without the CSRF token.
    const noCsrf = await admin.call('POST', '/console/purchases/exports?status=success', {}, { csrf: false });
    expect(noCsrf.status).toBe(403);
  });
});
