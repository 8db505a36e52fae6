import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { setSetting, SETTINGS } from '../../server/store/settings.js';

/**
 * The airtime bounds are the node's `limits` setting: /v1 refuses by it, and the console's
 * /console/products answer carries it for the airtime form, so the desk checks what the node will.
 */
let t: TestNode;
let pair: Pair;
let seq = 0;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant('LIMITS', { testNaira: 200_000 });
  pair = m.test;
  createConsoleUser(
    t.node.services.db,
    { merchantId: m.id, username: 'desk', role: 'agent', passwordHash: await hashPassword(PASSWORD) },
    'test',
  );
});
afterAll(async () => t.close());

const v1Airtime = (amount: string) =>
  t.call('POST', '/v1/transactions/airtime/sync', {
    pair,
    body: {
      merchant_code: 'LIMITS',
      customer_msisdn: '08031234567',
      network: 'mtn',
      amount,
      client_request_id: `limits-${++seq}`,
    },
  });

async function desk() {
  return (await consoleSession(t, 'desk', PASSWORD)).call;
}

describe('airtime limits', () => {
  it('by default ₦50 to ₦50,000: the console answer says so and /v1 refuses outside, naming both as API amounts', async () => {
    const call = await desk();
    expect((await call('GET', '/console/products')).json.airtime_limits).toEqual({
      min_amount: '50.00',
      max_amount: '50000.00',
    });
    for (const amount of ['49.99', '50000.01']) {
      const r = await v1Airtime(amount);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        status: 'error',
        code: 400,
        message: 'airtime amount must be between 50.00 and 50000.00',
      });
    }
  });

  it('a changed `limits` setting changes what the console is told and what the node accepts, kobo included', async () => {
    setSetting(t.node.services.db, SETTINGS.limits, { airtimeMinKobo: 10_050, airtimeMaxKobo: 6_000_000 });
    t.node.services.catalog.invalidate();
    const call = await desk();
    expect((await call('GET', '/console/products')).json.airtime_limits).toEqual({
      min_amount: '100.50',
      max_amount: '60000.00',
    });
    // Once "between 100.5 and 60000 Naira": each bound now in the form the amount is sent in.
    const low = await v1Airtime('100.49');
    expect(low.status).toBe(400);
    expect(low.json.message).toBe('airtime amount must be between 100.50 and 60000.00');
    expect((await v1Airtime('55000')).json.status).toBe('success');
    const sold = await call('POST', '/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '60000.50',
      client_request_id: `limits-desk-${++seq}`,
    });
    expect(sold.status).toBe(400);
    expect(sold.json.message).toBe('airtime amount must be between 100.50 and 60000.00');
  });
});
