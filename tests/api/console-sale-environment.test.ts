import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { liveOrders } from '../helpers/orders.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser } from '../../server/store/console-users.js';
import { consoleLogin, type ConsoleClient } from '../helpers/console-admin-session.js';

/**
 * A desk allowed only test never reads a live sale by its reference: not the sale, not its
 * gift-card codes, not an eSIM's QR. The history list already kept them apart; these routes
 * take a reference and checked only the merchant (found by an outside security review).
 */
const PASSWORD = 'a long enough password';
const STEAM_USD_20 = 5001; // immediate: cards on the order
const GB_5GB = 'ESIM-GB-5GB-30D';

describe('console sale routes and the environments a user may sell in', () => {
  let t: TestNode;
  let live: Pair;
  let testOnly: ConsoleClient;
  let both: ConsoleClient;
  let giftcardRef = '';
  let esimRef = '';

  beforeAll(async () => {
    t = await startTestNode();
    const m = liveOrders(t, 'ENVSHOP', { pendingForMs: 0 });
    live = m.live;
    const hash = await hashPassword(PASSWORD);
    const db = t.node.services.db;
    const user = (username: string, environments: ('test' | 'live')[]) =>
      createConsoleUser(
        db,
        { merchantId: m.merchantId, username, role: 'agent', passwordHash: hash, environments },
        'test',
      );
    user('testdesk', ['test']);
    user('bothdesk', ['test', 'live']);
    testOnly = await consoleLogin(t.url, 'testdesk', PASSWORD);
    both = await consoleLogin(t.url, 'bothdesk', PASSWORD);

    const card = await t.call('POST', '/v1/giftcards/orders', {
      pair: live,
      body: { request_id: `gc-${Date.now()}`, plan_id: STEAM_USD_20, quantity: 1 },
    });
    expect(card.json.status).toBe('success');
    giftcardRef = card.json.data.internal_reference;
    const esim = await t.call('POST', '/v1/esim/orders', {
      pair: live,
      body: { request_id: `es-${Date.now()}`, plan_id: GB_5GB },
    });
    expect(esim.status).toBe(200);
    esimRef = esim.json.data.internal_reference;
  });
  afterAll(async () => t.close());

  it('a test-only desk gets "no such sale" for a live sale, its codes and its QR; nothing is revealed', async () => {
    for (const [method, path] of [
      ['GET', `/console/purchases/${giftcardRef}`],
      ['POST', `/console/purchases/${giftcardRef}/reveal`],
      ['POST', `/console/purchases/${giftcardRef}/requery`],
      ['GET', `/console/purchases/${esimRef}/qrcode`],
    ] as const) {
      const r = method === 'GET' ? await testOnly.get(path) : await testOnly.post(path);
      expect(r.status, path).toBe(404);
      expect(r.json.message, path).toBe('There is no sale with this reference');
      expect(r.text, path).not.toContain('TEST-');
    }
    const reveals = t.node.services.db
      .prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'giftcard.reveal'`)
      .get() as { n: number };
    expect(reveals.n).toBe(0);
  });

  it('a desk allowed live opens the same sale and reveals its codes', async () => {
    const sale = await both.get(`/console/purchases/${giftcardRef}`);

    expect(sale.status).toBe(200);
    expect(sale.json).toMatchObject({ reference: giftcardRef, environment: 'live', status: 'success' });
    const cards = await both.post(`/console/purchases/${giftcardRef}/reveal`);
    expect(cards.status).toBe(200);
    expect(cards.json.cards).toHaveLength(1);
    // The live eSIM is still pending (02 first): the desk is told so, not "no such sale".
    const qr = await both.get(`/console/purchases/${esimRef}/qrcode`);
    expect(qr.json.message).toContain('is available once the order is successful');
  });
});

describe('a failed sale says whether the desk saw it pending first', () => {
  const PS_CAD_50 = 5009; // standard stock: pending first, decided on the requery
  let t: TestNode;
  let skew = 0;
  afterAll(async () => t.close());

  it('pending then failed: was_pending, so the page and slip say the money is owed back; failed at once: not', async () => {
    t = await startTestNode({}, { now: () => Date.now() + skew });
    const m = liveOrders(t, 'FAILSHOP', { failureRate: 1 });
    const hash = await hashPassword(PASSWORD);
    createConsoleUser(
      t.node.services.db,
      {
        merchantId: m.merchantId,
        username: 'faildesk',
        role: 'agent',
        passwordHash: hash,
        environments: ['live'],
      },
      'test',
    );
    const desk = await consoleLogin(t.url, 'faildesk', PASSWORD);
    const order = (planId: number, id: string) =>
      t.call('POST', '/v1/giftcards/orders', {
        pair: m.live,
        body: { request_id: id, plan_id: planId, quantity: 1 },
      });

    const atOnce = await order(STEAM_USD_20, `now-${Date.now()}`);
    expect(atOnce.json.status).toBe('failed');
    const first = await desk.get(`/console/purchases/${atOnce.json.data.internal_reference}`);
    expect(first.json).toMatchObject({ status: 'failed', was_pending: false });

    const slow = await order(PS_CAD_50, `slow-${Date.now()}`);
    expect(slow.json.response_code).toBe('02');
    skew += 11_000; // past the first requery delay
    const polled = await t.call('GET', `/v1/giftcards/orders/${slow.json.data.request_id}`, { pair: m.live });
    expect(polled.json.status).toBe('failed');
    const later = await desk.get(`/console/purchases/${slow.json.data.internal_reference}`);
    expect(later.json).toMatchObject({ status: 'failed', was_pending: true });
  });
});
