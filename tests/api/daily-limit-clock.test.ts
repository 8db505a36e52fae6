import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { consoleLogin } from '../helpers/console-admin-session.js';

/**
 * An agent's daily limit is checked twice: early, before a bill is verified or an upstream
 * asked, and again in the transaction that stores the sale. Both read the node's clock, so they
 * agree on which business day a sale falls in (the binding check read the system clock).
 */
const PASSWORD = 'a long enough password';
const DAY_MS = 24 * 3_600_000;

let t: TestNode;
let skew = 0;
beforeAll(async () => {
  t = await startTestNode({}, { now: () => Date.now() + skew });
  const demo = getMerchantByCode(t.node.services.db, 'DEMO')!;
  createConsoleUser(
    t.node.services.db,
    {
      merchantId: demo.id,
      username: 'limitdesk',
      role: 'agent',
      passwordHash: await hashPassword(PASSWORD),
      dailySalesLimitKobo: 35_000,
    },
    'test',
  );
});
afterAll(async () => t?.close());

let seq = 0;
const sell = (desk: Awaited<ReturnType<typeof consoleLogin>>, amount: string) =>
  desk.post('/console/sell', {
    product: 'airtime',
    network: 'mtn',
    customer_msisdn: '08031234567',
    amount,
    client_request_id: `limit-clock-${process.pid}-${++seq}`,
  });

describe("an agent's daily limit and the node's clock", () => {
  it("the early and the binding check count the same business day: the node's", async () => {
    const today = await consoleLogin(t.url, 'limitdesk', PASSWORD);
    expect((await sell(today, '300')).status).toBe(200);
    const over = await sell(today, '100');
    expect(over.status).toBe(403);
    expect(over.json.message).toMatch(/daily sales limit of ₦350\.00.*₦300\.00 sold today/);

    // The node's clock a day on: its new business day has no sales yet, for both checks.
    skew = DAY_MS;
    const tomorrow = await consoleLogin(t.url, 'limitdesk', PASSWORD);
    const next = await sell(tomorrow, '100');
    // Sold, not refused (whether the provider has answered yet does not matter here).
    expect(next.status, next.text).toBe(200);
    expect(next.json.reference).toEqual(expect.any(String));
  });
});
