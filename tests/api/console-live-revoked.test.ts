import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser, createFirstAdmin } from '../../server/store/console-users.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { openDatabase } from '../../server/store/db.js';
import { consoleLogin, type ConsoleClient } from '../helpers/console-admin-session.js';

const PASSWORD = 'a long enough password';
let t: TestNode;

const airtime = (id: string) => ({
  product: 'airtime',
  network: 'mtn',
  customer_msisdn: '08031234567',
  amount: '100',
  client_request_id: id,
});

const liveBalanceKobo = (merchantId: number) =>
  (
    t.node.services.db
      .prepare(`SELECT balance_kobo AS b FROM wallets WHERE merchant_id = ? AND environment = 'live'`)
      .get(merchantId) as { b: number }
  ).b;

const purchases = (merchantId: number) =>
  (
    t.node.services.db
      .prepare(`SELECT COUNT(*) AS n FROM purchases WHERE merchant_id = ? AND environment = 'live'`)
      .get(merchantId) as { n: number }
  ).n;

beforeAll(async () => {
  t = await startTestNode();
  const db = t.node.services.db;
  // A demo host's live route: the built-in simulator answers live airtime.
  addUpstream(
    db,
    t.node.services.box,
    { name: 'live-sim', type: 'simulator', products: ['airtime'] },
    'test',
  );
  const hash = await hashPassword(PASSWORD);
  createFirstAdmin(db, {
    merchantId: getMerchantByCode(db, 'DEMO')!.id,
    username: 'boss',
    passwordHash: hash,
  });
  for (const [code, agent] of [
    ['SHOPA', 'kemi'],
    ['SHOPB', 'tunde'],
    ['SHOPC', 'ada'],
  ] as const) {
    const m = t.merchant(code, { liveNaira: 1000 });
    createConsoleUser(db, { merchantId: m.id, username: agent, role: 'agent', passwordHash: hash }, 'test');
  }
});
afterAll(async () => t.close());

async function agentOnLive(username: string): Promise<ConsoleClient> {
  const agent = await consoleLogin(t.url, username, PASSWORD);
  const switched = await agent.post('/console/session/environment', { environment: 'live' });
  expect(switched.status).toBe(200);
  expect(switched.json.environment).toBe('live');
  return agent;
}

describe('a console session on live after an admin revokes the live pair', () => {
  it('the next live sale is refused with a clear message, nothing is debited, and the session is back on test', async () => {
    const shop = getMerchantByCode(t.node.services.db, 'SHOPA')!;
    const kemi = await agentOnLive('kemi');
    const first = await kemi.post('/console/sell', airtime('live-before-revoke'));
    expect(first.status).toBe(200);
    expect(first.json.environment).toBe('live');
    await eventually(
      async () => liveBalanceKobo(shop.id),
      (b) => b === 90_000,
    );
    expect(liveBalanceKobo(shop.id)).toBe(90_000);

    const boss = await consoleLogin(t.url, 'boss', PASSWORD);
    const revoked = await boss.post('/console/admin/merchants/SHOPA/credentials/live/revoke', {});
    expect(revoked.status).toBe(200);

    const refused = await kemi.post('/console/sell', airtime('live-after-revoke'));
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/Live selling is no longer allowed.*back on test/);
    expect(refused.headers['x-vendpoint-environment']).toBe('test');
    expect(liveBalanceKobo(shop.id)).toBe(90_000);
    expect(purchases(shop.id)).toBe(1);

    const session = await kemi.get('/console/session');
    expect(session.status).toBe(200);
    expect(session.json.environment).toBe('test');
    expect(session.json.environments).toEqual(['test']);
    const back = await kemi.post('/console/session/environment', { environment: 'live' });
    expect(back.status).toBe(403);
    expect(t.ledgerOk()).toBe(true);
  });

  it('a revocation committed by another process (the CLI) is seen on the next request too', async () => {
    const shop = getMerchantByCode(t.node.services.db, 'SHOPB')!;
    const tunde = await agentOnLive('tunde');
    expect((await tunde.get('/console/wallets')).status).toBe(200);
    // Plain SQL on a second connection: only SQLite's data_version can tell this process.
    const other = openDatabase(t.dataDir);
    try {
      other
        .prepare(
          `UPDATE credentials SET status = 'revoked', revoked_at = ? WHERE merchant_id = ? AND environment = 'live'`,
        )
        .run(new Date().toISOString(), shop.id);
    } finally {
      other.close();
    }
    const refused = await tunde.post('/console/sell', airtime('cli-revoked'));
    expect(refused.status).toBe(403);
    expect(liveBalanceKobo(shop.id)).toBe(100_000);
    expect(purchases(shop.id)).toBe(0);
  });
});

describe('two tabs of one session', () => {
  it('a sale confirmed under one mode is refused after another tab switched, nothing charged; the page learns the mode', async () => {
    const shop = getMerchantByCode(t.node.services.db, 'SHOPC')!;
    // Tab B switches the shared session to live while tab A still shows TEST.
    const ada = await agentOnLive('ada');
    const before = { live: liveBalanceKobo(shop.id), stored: purchases(shop.id) };
    const underTest = { headers: { 'x-vendpoint-page-environment': 'test' } };
    const refused = await ada.call('POST', '/console/sell', airtime('tab-a-test'), underTest);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'This console was switched to LIVE in another tab or window; nothing was done. Check the mode at the top and try again',
    );
    expect(refused.headers['x-vendpoint-environment']).toBe('live');
    expect(liveBalanceKobo(shop.id)).toBe(before.live);
    expect(purchases(shop.id)).toBe(before.stored);
    const testSales = t.node.services.db
      .prepare(`SELECT COUNT(*) AS n FROM purchases WHERE merchant_id = ? AND idem_key = 'tab-a-test'`)
      .get(shop.id) as { n: number };
    expect(testSales.n).toBe(0);
    // The page showing LIVE sells live; switching back from it is never refused.
    const underLive = { headers: { 'x-vendpoint-page-environment': 'live' } };
    expect((await ada.call('POST', '/console/sell', airtime('tab-b-live'), underLive)).status).toBe(200);
    const back = await ada.call('POST', '/console/session/environment', { environment: 'test' }, underLive);
    expect(back.status).toBe(200);
    const stale = await ada.call('POST', '/console/sell', airtime('tab-b-stale'), underLive);
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/switched to TEST/);
  });
});
