import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_PASSWORD, seedTwoCounters, signInCounter } from '../helpers/console-counters.js';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';

let t: TestNode;

const signIn = (username: string) => signInCounter(t, username);

beforeAll(async () => {
  t = await startTestNode();
  await seedTwoCounters(t);
});
afterAll(async () => t.close());

describe('selling from the console', () => {
  it('sells through the same purchase lifecycle as /v1, naming the agent in the purchase and the ledger', async () => {
    const ada = await signIn('ada');
    const sold = await ada('POST', '/console/sell', {
      product: 'ELECTRICITY',
      network: 'IBEDC',
      plan_code: '107',
      customer_msisdn: '10000000001',
      amount: '2095',
      client_request_id: 'console-elec-0001',
    });
    expect(sold.status).toBe(200);
    expect(sold.json).toMatchObject({
      status: 'success',
      environment: 'test',
      agent: 'ada',
      result: { token: '12345678901234567890', units: '10.0' },
      details: { customer_name: 'TEST CUSTOMER' },
    });
    const row = t.node.services.db
      .prepare(
        'SELECT p.agent_user_id, l.actor FROM purchases p JOIN ledger_entries l ON l.purchase_id = p.id WHERE p.internal_reference = ?',
      )
      .get(sold.json.reference) as { agent_user_id: number; actor: string };
    expect(row.actor).toBe('user:ada');
    expect(row.agent_user_id).toBeGreaterThan(0);
    // The integrator sees the console's sale through /v1 like any other.
    const v1 = await t.call('GET', '/v1/transactions/status?client_request_id=console-elec-0001');
    expect(v1.json.data.token).toBe('12345678901234567890');
    // A repeated click with the same key sells nothing twice.
    const again = await ada('POST', '/console/sell', {
      product: 'ELECTRICITY',
      network: 'IBEDC',
      plan_code: '107',
      customer_msisdn: '10000000001',
      amount: '2095',
      client_request_id: 'console-elec-0001',
    });
    expect(again.status).toBe(422);
    expect(t.ledgerOk()).toBe(true);
  });

  it('answers airtime pending at once, and the purchase ends successful in the background', async () => {
    const ada = await signIn('ada');
    const sold = await ada('POST', '/console/sell', {
      product: 'airtime',
      network: 'glo',
      customer_msisdn: '08051112222',
      amount: '100',
      client_request_id: 'console-air-0001',
    });
    expect(sold.json.status).toBe('pending');
    const final = await eventually(
      () => ada('GET', `/console/purchases/${sold.json.reference}`),
      (r) => r.json.status !== 'pending',
    );
    expect(final.json.status).toBe('success');
  });

  it('a sale whose answer the desk lost is found by the key it sent; a key never stored is a 404, nothing charged', async () => {
    const ada = await signIn('ada');
    const sold = await ada('POST', '/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '150',
      client_request_id: 'desk-lost-answer-1',
    });
    expect(sold.status).toBe(200);
    const found = await ada('GET', '/console/purchases/by-key/desk-lost-answer-1');
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ reference: sold.json.reference, amount: '150' });
    const never = await ada('GET', '/console/purchases/by-key/desk-never-sent');
    expect(never.status).toBe(404);
    expect(never.json.message).toBe('No sale was stored under this key: nothing was charged');
    // Another merchant's desk does not find it under the same key.
    const olu = await signIn('olu');
    expect((await olu('GET', '/console/purchases/by-key/desk-lost-answer-1')).status).toBe(404);
  });

  it('keeps merchants apart: another merchant reads no sale of ours, and its agents cannot list users', async () => {
    const ada = await signIn('ada');
    const mine = await ada('GET', '/console/purchases?search=08051112222');
    expect(mine.json.total).toBe(1);
    // The number as History and receipts print it, or in international form, finds it too;
    // so does the provider's reference printed on the receipt.
    for (const typed of ['0805 111 2222', '+234 805 111 2222', '2348051112222']) {
      const found = await ada('GET', `/console/purchases?search=${encodeURIComponent(typed)}`);
      expect(found.json.total, typed).toBe(1);
    }
    // As the receipt prints it (ReceiptPaper: "Provider ref." is the result's external_reference).
    const receipt = await ada('GET', `/console/purchases/${mine.json.rows[0].reference}`);
    const providerRef = receipt.json.result.external_reference as string;
    expect(providerRef).toMatch(/^SIM[0-9A-F]{12}$/);
    const byRef = await ada('GET', `/console/purchases?search=${encodeURIComponent(providerRef)}`);
    expect(byRef.json.rows.map((r: { reference: string }) => r.reference)).toContain(
      mine.json.rows[0].reference,
    );
    const olu = await signIn('olu');
    expect((await olu('GET', `/console/purchases/${mine.json.rows[0].reference}`)).status).toBe(404);
    expect((await olu('GET', '/console/purchases')).json.total).toBe(0);
    expect((await olu('GET', '/console/users')).status).toBe(403);
    expect(
      (
        await olu('POST', '/console/users', {
          username: 'sneaky',
          password: COUNTER_PASSWORD,
          role: 'admin',
          merchant_code: 'OTHER',
        })
      ).status,
    ).toBe(403);
    const boss = await signIn('boss');
    expect(
      (await boss('GET', '/console/users')).json.users.map((u: { username: string }) => u.username),
    ).toEqual(['boss', 'ada', 'olu']);
  });

  it('filters history by product, status and Lagos dates, and exports it as CSV', async () => {
    const ada = await signIn('ada');
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    expect(
      (await ada('GET', `/console/purchases?product=ELECTRICITY&status=success&from=${today}&to=${today}`))
        .json.total,
    ).toBe(1);
    expect((await ada('GET', '/console/purchases?from=2001-01-01&to=2001-01-02')).json.total).toBe(0);
    expect((await ada('GET', '/console/purchases?from=31-01-2026')).json.message).toBe(
      'from must be a date like 2026-01-31',
    );
    const csv = await ada('GET', '/console/purchases.csv?product=ELECTRICITY');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="vendpoint-test-sales-/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      'time_lagos,reference,request_id,environment,product,network,customer,plan,amount,debit,status,token,units,failure_reason,agent',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',console-elec-0001,test,ELECTRICITY,IBEDC,10000000001,');
  });

  it('sells gift cards with codes held back until revealed (audited), and eSIMs with a QR image', async () => {
    const ada = await signIn('ada');
    const card = await ada('POST', '/console/giftcards/orders', {
      request_id: 'console-gc-0001',
      plan_id: 5001,
      quantity: 2,
    });
    expect(card.json).toMatchObject({ status: 'success', kind: 'giftcard', quantity: 2, cards_count: 2 });
    expect(JSON.stringify(card.json)).not.toContain('pin_code');
    const revealed = await ada('POST', `/console/purchases/${card.json.reference}/reveal`);
    expect(revealed.json.cards).toHaveLength(2);
    const audit = t.node.services.db
      .prepare("SELECT actor FROM audit_log WHERE action = 'giftcard.reveal'")
      .all();
    expect(audit).toEqual([{ actor: 'user:ada' }]);

    const esim = await ada('POST', '/console/esim/orders', {
      request_id: 'console-esim-0001',
      plan_id: 'ESIM-GB-1GB-7D',
    });
    expect(esim.json).toMatchObject({ status: 'success', has_qr: true });
    expect(esim.json.result.lpa).toMatch(/^LPA:1\$/);
    const qr = await ada('GET', `/console/purchases/${esim.json.reference}/qrcode`);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.text.slice(1, 4)).toBe('PNG');
    // The QR is the activation code: a browser keeping it would hand it, without asking the
    // node, to whoever signs in next at that desk, and keep it on disk after sign-out.
    expect(qr.headers['cache-control']).toBe('private, no-store');
    expect((await ada('GET', `/console/purchases/${card.json.reference}/qrcode`)).status).toBe(404);

    // Neither has a phone: History finds them by the item's name, in any case.
    const byItem = async (typed: string) =>
      (await ada('GET', `/console/purchases?search=${encodeURIComponent(typed)}`)).json.rows.map(
        (r: { reference: string }) => r.reference,
      );
    expect(card.json.plan_name).toMatch(/steam/i);
    expect(await byItem('steam')).toEqual([card.json.reference]);
    expect(await byItem(esim.json.plan_name.toUpperCase())).toEqual([esim.json.reference]);
  });

  it('shows both wallets and the ledger, newest first', async () => {
    const ada = await signIn('ada');
    const w = await ada('GET', '/console/wallets');
    expect(w.json.wallets.map((x: { environment: string }) => x.environment)).toEqual(['test', 'live']);
    const ledger = await ada('GET', '/console/wallets/test/ledger?limit=2');
    expect(ledger.json.entries).toHaveLength(2);
    expect(ledger.json.entries[0].id).toBeGreaterThan(ledger.json.entries[1].id);
    const older = await ada('GET', `/console/wallets/test/ledger?limit=2&before=${ledger.json.next_before}`);
    expect(older.json.entries[0].id).toBeLessThan(ledger.json.entries[1].id);
  });

  it('serves the console page under a strict CSP without unsafe-inline', async () => {
    const page = await t.call('GET', '/', { pair: null });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const v1 = await t.call('GET', '/v1/healthz', { pair: null });
    expect(v1.headers['content-security-policy']).toBeUndefined();
  });
});
