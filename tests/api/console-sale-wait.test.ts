import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCounter } from '../helpers/console-counters.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createFirstAdmin } from '../../server/store/console-users.js';
import { getMerchantByCode } from '../../server/store/merchants.js';

let t: TestNode;
const PASSWORD = 'a long enough password';

// The test simulator takes 1.5 s per vend here, so an airtime sale stays pending that long.
beforeAll(async () => {
  t = await startTestNode({}, { simulator: { latencyMs: 1_500 } });
  const demo = getMerchantByCode(t.node.services.db, 'DEMO')!;
  createFirstAdmin(t.node.services.db, {
    merchantId: demo.id,
    username: 'boss',
    passwordHash: await hashPassword(PASSWORD),
  });
});
afterAll(async () => t.close());

const signIn = () => signInCounter(t, 'boss', PASSWORD);

describe('reading a pending sale with wait_ms', () => {
  it('holds the answer until the sale is final; without wait_ms the read answers pending at once', async () => {
    const boss = await signIn();
    const sold = await boss('POST', '/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: 'wait-0001',
    });
    expect(sold.json.status).toBe('pending');
    const at = `/console/purchases/${sold.json.reference}`;
    expect((await boss('GET', at)).json.status).toBe('pending');
    const held = await boss('GET', `${at}?wait_ms=15000`);
    expect(held.status, held.text).toBe(200);
    expect(held.json).toMatchObject({ status: 'success', reference: sold.json.reference });
    // Final already: answered at once, whatever the wait.
    expect((await boss('GET', `${at}?wait_ms=15000`)).json.status).toBe('success');
  });

  it('refuses a wait longer than the node holds a read', async () => {
    const boss = await signIn();
    const r = await boss('GET', '/console/purchases/nope?wait_ms=999999');
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/wait_ms/);
  });
});
