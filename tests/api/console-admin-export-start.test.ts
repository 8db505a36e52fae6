import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { fundAndFillSales } from '../helpers/test-store.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { businessTimezone } from '../../server/store/settings.js';
import { localDay } from '../../server/domain/business-days.js';

/**
 * The admin's two other CSV downloads, a wallet's ledger and a day's report, started by the desk
 * in two steps as History's is (http/console/started-exports.ts): the start makes every check
 * (and reads the ledger's first page), so a refusal is JSON the page shows, where the plain
 * link's refused download was a failed file; its link downloads the file the direct CSV route
 * gives, byte for byte, once, for its user.
 */
let t: TestNode;
let admin: ConsoleClient;
let otherAdmin: ConsoleClient;
let agent: ConsoleClient;
let day: string;
/** More than two of the ledger CSV's pages (500 entries each): its later pages stream on. */
const SALES = 1_200;
const LEDGER = '/console/admin/merchants/DEMO/wallets/test/ledger';

beforeAll(async () => {
  t = await startTestNode();
  const { db } = t.node.services;
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  fundAndFillSales(db, 'DEMO', SALES, 'float for the export test');
  day = localDay(Date.now(), businessTimezone(db));
  const demo = getMerchantByCode(db, 'DEMO')!;
  for (const [username, role] of [
    ['second', 'admin'],
    ['desk', 'agent'],
  ] as const)
    createConsoleUser(
      db,
      { merchantId: demo.id, username, role, passwordHash: await hashPassword(`a long ${role} password`) },
      'test',
    );
  otherAdmin = await consoleLogin(t.url, 'second', 'a long admin password');
  agent = await consoleLogin(t.url, 'desk', 'a long agent password');
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** The answer's bytes as sent (a text decoding would drop the byte-order mark). */
async function download(c: ConsoleClient, path: string) {
  const r = await request(`${t.url}${path}`, { headers: { cookie: c.cookie } });
  return { status: r.statusCode, headers: r.headers, bytes: Buffer.from(await r.body.arrayBuffer()) };
}

const EXPORTS = [
  {
    what: "a wallet's ledger",
    direct: `${LEDGER}.csv`,
    start: `${LEDGER}/exports`,
    query: '?from=2020-01-01',
    // The header, the DEMO wallet's first funding at the node's start, this test's, the debits.
    lines: SALES + 3,
  },
  {
    what: "a day's report",
    direct: () => `/console/reports/DEMO/test/${day}/csv`,
    start: () => `/console/reports/DEMO/test/${day}/exports`,
    query: '',
    lines: SALES + 1,
  },
].map((e) => ({
  what: e.what,
  direct: () => (typeof e.direct === 'string' ? e.direct : e.direct()) + e.query,
  start: () => (typeof e.start === 'string' ? e.start : e.start()) + e.query,
  startPath: () => (typeof e.start === 'string' ? e.start : e.start()),
  lines: e.lines,
}));

describe("the desk's export of a ledger and of a day's report", () => {
  for (const e of EXPORTS) {
    it(`${e.what}: downloads, once and only for its user, the bytes the direct CSV gives`, async () => {
      const direct = await download(admin, e.direct());
      expect(direct.status).toBe(200);
      expect(direct.bytes.toString('utf8').trim().split('\n')).toHaveLength(e.lines);
      const started = await admin.post(e.start());
      expect(started.status, started.text).toBe(200);
      expect(started.json.href).toMatch(new RegExp(`^${e.startPath()}/[\\w-]{20,}$`));
      // Another admin is not given it, and an agent is refused the admin's route.
      expect((await otherAdmin.get(started.json.href)).status).toBe(404);
      expect((await agent.get(started.json.href)).status).toBe(403);
      const file = await download(admin, started.json.href);
      expect(file.status).toBe(200);
      for (const h of ['content-type', 'content-disposition', 'content-length'])
        expect(file.headers[h], h).toBe(direct.headers[h]);
      expect(file.bytes.equals(direct.bytes)).toBe(true);
      const again = await admin.get(started.json.href);
      expect(again.status).toBe(404);
      expect(again.json.message).toBe('This export has expired or was downloaded already: export again');
    });
  }

  it("a token downloads at its own export's link only", async () => {
    const ledger = await admin.post(`${LEDGER}/exports`);
    const token = ledger.json.href.split('/').pop();
    for (const elsewhere of [
      `/console/reports/DEMO/test/${day}/exports/${token}`,
      `/console/admin/merchants/DEMO/wallets/live/ledger/exports/${token}`,
      `/console/purchases/exports/${token}`,
    ])
      expect((await admin.get(elsewhere)).status, elsewhere).toBe(404);
    expect((await download(admin, ledger.json.href)).status).toBe(200);
  });

  it('answers what the direct CSV refuses as JSON for the page, in the same words', async () => {
    const NOPE = '/console/admin/merchants/NOPE/wallets/test/ledger';
    // [the direct CSV, the desk's start of it, what both answer]
    const refusals: [string, string, number, string][] = [
      [`${NOPE}.csv`, `${NOPE}/exports`, 404, 'merchant NOPE not found'],
      [
        `${LEDGER}.csv?from=2026-13-45`,
        `${LEDGER}/exports?from=2026-13-45`,
        400,
        'from must be a date like 2026-01-31',
      ],
      [
        `${LEDGER}.csv?from=2026-02-01&to=2026-01-31`,
        `${LEDGER}/exports?from=2026-02-01&to=2026-01-31`,
        400,
        'to must not be before from',
      ],
      [
        `/console/reports/NOPE/test/${day}/csv`,
        `/console/reports/NOPE/test/${day}/exports`,
        404,
        'merchant NOPE not found',
      ],
      [
        `/console/reports/DEMO/prod/${day}/csv`,
        `/console/reports/DEMO/prod/${day}/exports`,
        400,
        'environment must be test or live',
      ],
      [
        '/console/reports/DEMO/test/2026-02-30/csv',
        '/console/reports/DEMO/test/2026-02-30/exports',
        400,
        'date must be a calendar date YYYY-MM-DD',
      ],
    ];
    for (const [directPath, start, status, message] of refusals) {
      const direct = await admin.get(directPath);
      expect([direct.status, direct.json?.message], directPath).toEqual([status, message]);
      const refused = await admin.post(start);
      expect(refused.status, start).toBe(status);
      expect(refused.headers['content-type']).toContain('application/json');
      expect(refused.json.message).toBe(message);
    }
  });

  it('is refused without the CSRF token (a state-changing call) and to an agent', async () => {
    for (const path of [`${LEDGER}/exports`, `/console/reports/DEMO/test/${day}/exports`]) {
      const noCsrf = await admin.call('POST', path, {}, { csrf: false });
      expect(noCsrf.status, path).toBe(403);
      expect(noCsrf.json.message).toContain('security token');
      const byAgent = await agent.post(path);
      expect([byAgent.status, byAgent.json.message]).toEqual([403, 'Only an admin may do this']);
    }
  });
});
