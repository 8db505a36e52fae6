import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * An admin moves a console user to another merchant (PATCH /console/admin/users/:id with
 * merchant_code): the sales made before stay with the merchant they were made for, the agent's
 * open sessions end, the cash-up says whose sales it holds, and the move is audited.
 */

let t: TestNode;
let admin: ConsoleClient;
let acme: { id: number; test: Pair };
let seq = 0;
const key = () => `move-${process.pid}-${++seq}`;
const PASSWORD = 'agent password 1';

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  acme = t.merchant('ACME', { testNaira: 10_000 });
});
afterAll(async () => {
  if (t) expect(t.ledgerOk()).toBe(true);
  await t?.close();
});

async function newAgent(username: string) {
  const created = await admin.post('/console/users', {
    username,
    password: PASSWORD,
    role: 'agent',
    merchant_code: 'DEMO',
  });
  expect(created.status).toBe(201);
  return { id: created.json.id as number, desk: await consoleLogin(t.url, username, PASSWORD) };
}

const sellAirtime = (desk: ConsoleClient, amount: string, msisdn = '08031234567') =>
  desk.post('/console/sell', {
    product: 'airtime',
    network: 'mtn',
    customer_msisdn: msisdn,
    amount,
    client_request_id: key(),
  });

const testBalance = async (pair: Pair) =>
  (await t.call('GET', '/v1/wallet/balance', { pair })).json.data[0].balance as string;

describe('moving an agent to another merchant', () => {
  it("sales from then on are paid from the new merchant's wallet; those made before stay with the old one", async () => {
    const { id, desk } = await newAgent('ada');
    const before = await sellAirtime(desk, '100');
    expect(before.json).toMatchObject({ merchant_name: 'Demo Merchant' });
    const acmeAtStart = await testBalance(acme.test);

    const moved = await admin.patch(`/console/admin/users/${id}`, { merchant_code: 'ACME' });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ username: 'ada', merchant_code: 'ACME' });
    // Its wallet and products changed: the agent signs in again.
    expect((await desk.get('/console/session')).status).toBe(401);
    const again = await consoleLogin(t.url, 'ada', PASSWORD);
    expect((await again.get('/console/session')).json.merchant).toMatchObject({ code: 'ACME' });

    const after = await sellAirtime(again, '200');
    expect(after.json).toMatchObject({ merchant_name: 'ACME Ltd' });
    expect(Number(await testBalance(acme.test))).toBe(Number(acmeAtStart) - 200);

    // The merchants' books: each sale is listed by the merchant it was made for, and only there.
    const refs = async (code: string) =>
      (await admin.get(`/console/purchases?merchant_code=${code}&limit=100`)).json.rows.map(
        (r: { reference: string }) => r.reference,
      );
    expect(await refs('DEMO')).toContain(before.json.reference);
    expect(await refs('DEMO')).not.toContain(after.json.reference);
    expect(await refs('ACME')).toEqual([after.json.reference]);
    const own = (await again.get('/console/purchases')).json.rows.map(
      (r: { reference: string }) => r.reference,
    );
    expect(own).toEqual([after.json.reference]);
    // The desk can still open the receipt of a sale it made before the move, under its merchant.
    const receipt = await again.get(`/console/purchases/${before.json.reference}`);
    expect(receipt.status).toBe(200);
    expect(receipt.json).toMatchObject({ reference: before.json.reference, merchant_name: 'Demo Merchant' });

    const audit = (await admin.get('/console/admin/audit?subject=ada')).json.entries as {
      action: string;
      actor: string;
      detail: Record<string, unknown>;
    }[];
    expect(audit[0]).toMatchObject({
      action: 'console_user.update',
      actor: 'user:operator',
      detail: { merchant: { from: 'DEMO', to: 'ACME' } },
    });
  });

  it('a sale in flight at the move stays with the merchant it was made for, and its refund goes back there', async () => {
    const { id, desk } = await newAgent('bola');
    const demoAtStart = await testBalance(t.demo);
    // ...0003 answers pending, then fails at its first status check.
    const inFlight = await sellAirtime(desk, '250', '08030000003');
    expect(inFlight.json.status).toBe('pending');
    expect(Number(await testBalance(t.demo))).toBe(Number(demoAtStart) - 250);
    const acmeAtMove = await testBalance(acme.test);

    expect((await admin.patch(`/console/admin/users/${id}`, { merchant_code: 'ACME' })).status).toBe(200);
    const settled = await admin.post(
      `/console/purchases/${inFlight.json.reference}/requery?merchant_code=DEMO`,
      {},
    );
    expect(settled.json).toMatchObject({ status: 'failed', merchant_name: 'Demo Merchant' });
    expect(await testBalance(t.demo)).toBe(demoAtStart);
    expect(await testBalance(acme.test)).toBe(acmeAtMove);
  });

  it("the open shift's cash-up lists each merchant's sales apart, and keeps them apart once closed", async () => {
    const { id, desk } = await newAgent('chidi');
    expect((await sellAirtime(desk, '100')).status).toBe(200);
    expect((await admin.patch(`/console/admin/users/${id}`, { merchant_code: 'ACME' })).status).toBe(200);
    const again = await consoleLogin(t.url, 'chidi', PASSWORD);
    expect((await sellAirtime(again, '200')).status).toBe(200);
    expect((await sellAirtime(again, '50')).status).toBe(200);

    const url = `/console/admin/users/${id}/cashup?environment=test`;
    const open = await eventually(
      () => admin.get(url),
      (r) => r.json.sales_count === 3,
    );
    expect(open.json).toMatchObject({
      merchant: 'ACME Ltd',
      merchant_code: 'ACME',
      total: '350.00',
      by_merchant: [
        {
          merchant_code: 'ACME',
          merchant: 'ACME Ltd',
          sales_count: 2,
          total: '250.00',
          pending: { count: 0, amount: '0.00' },
        },
        {
          merchant_code: 'DEMO',
          merchant: 'Demo Merchant',
          sales_count: 1,
          total: '100.00',
          pending: { count: 0, amount: '0.00' },
        },
      ],
    });
    const closed = await admin.post(`/console/admin/users/${id}/cashups`, {
      environment: 'test',
      counted: '350',
    });
    expect(closed.status).toBe(201);
    const reread = await admin.get(`/console/admin/cashups/${closed.json.id}`);
    expect(reread.json.by_merchant).toEqual(open.json.by_merchant);
    expect(reread.json).toMatchObject({ total: '350.00', difference: '0.00', merchant_code: 'ACME' });
  });

  it('a shift whose sales were all made for the old merchant is named for that merchant', async () => {
    const { id, desk } = await newAgent('dayo');
    expect((await sellAirtime(desk, '100')).status).toBe(200);
    expect((await admin.patch(`/console/admin/users/${id}`, { merchant_code: 'ACME' })).status).toBe(200);
    const open = await eventually(
      () => admin.get(`/console/admin/users/${id}/cashup?environment=test`),
      (r) => r.json.sales_count === 1,
    );
    expect(open.json).toMatchObject({
      merchant: 'Demo Merchant',
      merchant_code: 'DEMO',
      total: '100.00',
      by_merchant: [{ merchant_code: 'DEMO', sales_count: 1, total: '100.00' }],
    });
  });
});

describe('what a move refuses', () => {
  it('an unknown merchant (400) or a suspended one (409) is refused, and nothing changes', async () => {
    const { id, desk } = await newAgent('efe');
    const unknown = await admin.patch(`/console/admin/users/${id}`, { merchant_code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ status: 'error', code: 400, message: 'merchant NOPE not found' });

    t.merchant('SHUT');
    expect((await admin.patch('/console/admin/merchants/SHUT', { status: 'suspended' })).status).toBe(200);
    const suspended = await admin.patch(`/console/admin/users/${id}`, {
      merchant_code: 'SHUT',
      daily_sales_limit: '5000',
    });
    expect(suspended.status).toBe(409);
    expect(suspended.json).toMatchObject({ status: 'error', code: 409 });
    expect(suspended.json.message).toMatch(/^merchant SHUT is suspended/);

    const row = (await admin.get('/console/admin/users')).json.users.find((u: { id: number }) => u.id === id);
    expect(row).toMatchObject({ merchant_code: 'DEMO', daily_sales_limit: null });
    expect((await desk.get('/console/session')).status).toBe(200);
  });

  it('naming the merchant the user already sells for changes nothing and keeps its sessions', async () => {
    const { id, desk } = await newAgent('fola');
    const same = await admin.patch(`/console/admin/users/${id}`, {
      merchant_code: 'DEMO',
      daily_sales_limit: '900',
    });
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ merchant_code: 'DEMO', daily_sales_limit: '900.00' });
    expect((await desk.get('/console/session')).status).toBe(200);
    const audit = (await admin.get('/console/admin/audit?subject=fola')).json.entries;
    expect(audit[0].detail).toEqual({ daily_sales_limit_kobo: 90000 });
  });

  it("an admin may be moved too: an admin's merchant is only where its own sales are paid from", async () => {
    const created = await admin.post('/console/users', {
      username: 'chief2',
      password: PASSWORD,
      role: 'admin',
      merchant_code: 'DEMO',
    });
    const moved = await admin.patch(`/console/admin/users/${created.json.id}`, { merchant_code: 'ACME' });
    expect(moved.json).toMatchObject({ role: 'admin', merchant_code: 'ACME' });
    const chief = await consoleLogin(t.url, 'chief2', PASSWORD);
    // Still an admin of every merchant: another merchant's sales are one query away.
    expect((await chief.get('/console/purchases?merchant_code=DEMO')).status).toBe(200);
  });

  it('an agent cannot move anyone (403)', async () => {
    const { id, desk } = await newAgent('gbenga');
    const r = await desk.patch(`/console/admin/users/${id}`, { merchant_code: 'ACME' });
    expect(r.status).toBe(403);
  });
});
