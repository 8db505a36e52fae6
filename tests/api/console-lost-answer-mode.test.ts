import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession, startTestNode, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { addUpstream } from '../../server/store/upstreams.js';

let t: TestNode;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  t = await startTestNode();
  const db = t.node.services.db;
  const shop = t.merchant('DESK', { testNaira: 10_000, liveNaira: 10_000 });
  createConsoleUser(
    db,
    { merchantId: shop.id, username: 'ngozi', role: 'agent', passwordHash: await hashPassword(PASSWORD) },
    'test',
  );
  addUpstream(
    db,
    t.node.services.box,
    { name: 'live-sim', type: 'simulator', products: ['airtime'] },
    'test',
  );
});
afterAll(async () => t.close());

/**
 * Pay's answer is lost and the page asks the node by the sale's key (GET
 * /console/purchases/by-key/{key}); a session is shared by the user's tabs, so another tab may
 * have switched TEST/LIVE in between. The sale is the desk's whichever mode the session is in now:
 * "nothing was charged" for a sale that was would have the agent sell it again under a new key.
 */
describe('a lost answer looked up after another tab switched the mode', () => {
  it('finds a live sale by its key while the session is on test, and a test sale while it is on live', async () => {
    const desk = await signIn();
    const body = (key: string) => ({
      product: 'airtime',
      network: 'MTN',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: key,
    });

    expect((await desk.call('POST', '/console/session/environment', { environment: 'live' })).status).toBe(
      200,
    );
    const liveSale = await t.call('POST', '/console/sell', {
      pair: null,
      headers: { ...desk.headers, 'x-vendpoint-page-environment': 'live' },
      body: body('desk-live-00001'),
    });
    expect(liveSale.status, liveSale.text).toBe(200);
    // Another tab switches the session to TEST before the page asks about its sale.
    expect((await desk.call('POST', '/console/session/environment', { environment: 'test' })).status).toBe(
      200,
    );
    const found = await desk.call('GET', '/console/purchases/by-key/desk-live-00001');
    expect(found.status, found.text).toBe(200);
    expect(found.json).toMatchObject({
      reference: liveSale.json.reference,
      environment: 'live',
      request_id: 'desk-live-00001',
    });

    const testSale = await t.call('POST', '/console/sell', {
      pair: null,
      headers: { ...desk.headers, 'x-vendpoint-page-environment': 'test' },
      body: body('desk-test-00001'),
    });
    expect(testSale.status, testSale.text).toBe(200);
    expect((await desk.call('POST', '/console/session/environment', { environment: 'live' })).status).toBe(
      200,
    );
    const foundTest = await desk.call('GET', '/console/purchases/by-key/desk-test-00001');
    expect(foundTest.status, foundTest.text).toBe(200);
    expect(foundTest.json).toMatchObject({ reference: testSale.json.reference, environment: 'test' });

    // A key never stored is still "nothing was charged", in either mode.
    const never = await desk.call('GET', '/console/purchases/by-key/desk-none-00001');
    expect(never.status).toBe(404);
    expect(never.json.message).toBe('No sale was stored under this key: nothing was charged');
  });

  it('an agent allowed only one mode is not shown a sale of the other', async () => {
    const boss = await signIn();
    expect((await boss.call('POST', '/console/session/environment', { environment: 'test' })).status).toBe(
      200,
    );
    const sale = await t.call('POST', '/console/sell', {
      pair: null,
      headers: { ...boss.headers, 'x-vendpoint-page-environment': 'test' },
      body: {
        product: 'airtime',
        network: 'MTN',
        customer_msisdn: '08031234567',
        amount: '100',
        client_request_id: 'desk-test-00002',
      },
    });
    expect(sale.status, sale.text).toBe(200);
    const db = t.node.services.db;
    db.prepare(
      `UPDATE console_users SET environments = 'live', start_environment = 'live' WHERE username = 'ngozi'`,
    ).run();
    const liveOnly = await signIn();
    const hidden = await liveOnly.call('GET', '/console/purchases/by-key/desk-test-00002');
    expect(hidden.status).toBe(404);
  });
});

async function signIn() {
  const s = await consoleSession(t, 'ngozi', PASSWORD);
  expect(s.login.status, s.login.text).toBe(200);
  const headers = {
    cookie: String(s.login.headers['set-cookie']).split(';')[0],
    'x-csrf-token': s.login.json.csrf_token as string,
  };
  return Object.assign(s, { headers });
}
