import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTwoCounters, signInCounter } from '../helpers/console-counters.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

let t: TestNode;
let otherRef = '';
let demoRef = '';

const signIn = (username: string) => signInCounter(t, username);

const sale = (request: string) => ({
  product: 'ELECTRICITY',
  network: 'IBEDC',
  plan_code: '107',
  customer_msisdn: '10000000001',
  amount: '2095',
  client_request_id: request,
});

beforeAll(async () => {
  t = await startTestNode();
  await seedTwoCounters(t);
  const olu = await signIn('olu');
  otherRef = (await olu('POST', '/console/sell', sale('other-sale-0001'))).json.reference;
  const ada = await signIn('ada');
  demoRef = (await ada('POST', '/console/sell', sale('demo-sale-0001'))).json.reference;
  expect(otherRef).toBeTruthy();
  expect(demoRef).toBeTruthy();
});
afterAll(async () => t.close());

describe("an admin's History names the merchant; an agent's stays its own", () => {
  it("an admin who names a merchant reads that merchant's sales, detail, CSV and requery", async () => {
    const boss = await signIn('boss');
    // Not choosing: the admin's own merchant, as before.
    const own = await boss('GET', '/console/purchases');
    expect(own.json.rows.map((r: { reference: string }) => r.reference)).toEqual([demoRef]);

    const chosen = await boss('GET', '/console/purchases?merchant_code=OTHER');
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json.total).toBe(1);
    expect(chosen.json.rows[0]).toMatchObject({
      reference: otherRef,
      agent: 'olu',
      merchant_name: 'OTHER Ltd',
    });

    const csv = await boss('GET', '/console/purchases.csv?merchant_code=OTHER');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`${otherRef},other-sale-0001,test,`);
    expect(csv.text).not.toContain(demoRef);

    // The sale's own page and its requery name the merchant too; without it the sale stays hidden.
    expect((await boss('GET', `/console/purchases/${otherRef}`)).status).toBe(404);
    const detail = await boss('GET', `/console/purchases/${otherRef}?merchant_code=OTHER`);
    expect(detail.status).toBe(200);
    expect(detail.json.reference).toBe(otherRef);
    expect((await boss('POST', `/console/purchases/${otherRef}/requery`)).status).toBe(404);
    const requery = await boss('POST', `/console/purchases/${otherRef}/requery?merchant_code=OTHER`);
    expect(requery.status, requery.text).toBe(200);
    expect(requery.json.reference).toBe(otherRef);

    const missing = await boss('GET', '/console/purchases?merchant_code=NOPE');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('merchant NOPE not found');
  });

  it('an agent naming another merchant is refused (403), not shown its own sales under that name', async () => {
    const ada = await signIn('ada');
    for (const [method, path] of [
      ['GET', '/console/purchases?merchant_code=OTHER'],
      ['GET', '/console/purchases.csv?merchant_code=OTHER'],
      ['GET', `/console/purchases/${otherRef}?merchant_code=OTHER`],
      ['POST', `/console/purchases/${otherRef}/requery?merchant_code=OTHER`],
      ['POST', `/console/purchases/${otherRef}/reveal?merchant_code=OTHER`],
    ] as const) {
      const r = await ada(method, path);
      expect(r.status, path).toBe(403);
      expect(r.json.message).toBe("Only an admin may look at another merchant's sales");
    }
    // Naming its own merchant changes nothing.
    const plain = await ada('GET', '/console/purchases');
    const named = await ada('GET', '/console/purchases?merchant_code=DEMO');
    expect(named.text).toBe(plain.text);
    expect(plain.json.rows.map((r: { reference: string }) => r.reference)).toEqual([demoRef]);
  });
});
