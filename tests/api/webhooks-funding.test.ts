import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { fundWallet } from '../../server/store/wallets.js';

/**
 * The bookkeeper's review: wallet.funded carried only the balance answer, so a funding could be
 * booked only by diffing balances, which a sale landing in between breaks. The event now says
 * the amount credited (`funding.amount`, beside an unchanged `data`), in the webhook and the
 * feed alike; the operator's reason, an internal note, is not sent.
 */

let t: TestNode;
let rx: WebhookReceiver;
let admin: ConsoleClient;
const REASON = 'bank transfer ref. 2291, call Ada before the next top-up';

beforeAll(async () => {
  rx = await startWebhookReceiver();
  t = await startTestNode({ webhooksAllowPrivate: true });
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('wallet.funded', () => {
  it('says the amount credited beside the balance answer, not the reason, in the webhook and the feed', async () => {
    const m = t.merchant('FUNDHOOK', { testNaira: 1_000 });
    const ep = await t.call('POST', '/v1/webhooks', {
      pair: m.test,
      body: { url: rx.url, event_types: ['wallet.funded'] },
    });
    expect(ep.status, ep.text).toBe(201);
    const fund = (kind: 'funding' | 'adjustment', amount: string) =>
      admin.post('/console/admin/merchants/FUNDHOOK/wallets/test/fund', { kind, amount, reason: REASON });

    expect((await fund('funding', '2500.50')).status).toBe(200);
    // A sale between two fundings: the balances alone would make the second look ₦100 smaller.
    const sale = await buyAirtime(t, `fund-sale-${process.pid}`, { merchant_code: 'FUNDHOOK' }, m.test);
    expect(sale.status, sale.text).toBe(200);
    // An adjustment is a correction, not a funding: it records no wallet.funded, but its own
    // wallet.adjusted (checked below; this endpoint did not subscribe to it).
    expect((await fund('adjustment', '5')).status).toBe(200);
    // The CLI's `wallet fund` goes through the same store function.
    fundWallet(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'FUNDHOOK',
      env: 'test',
      amountKobo: 1_000_00,
      reason: REASON,
      actor: 'cli',
    });

    const hooks = await eventually(
      async () => rx.received.filter((h) => h.json.type === 'wallet.funded' && h.json.environment === 'test'),
      (got) => got.length >= 2,
    );
    expect(hooks.map((h) => (h.json as { funding?: unknown }).funding)).toEqual([
      { amount: '2500.50' },
      { amount: '1000.00' },
    ]);
    // `data` is still the balance answer, nothing added to it.
    expect(hooks.map((h) => h.json.data.total)).toEqual(['3500.50', '4405.50']);
    for (const h of hooks) {
      expect(Object.keys(h.json)).toEqual(['id', 'type', 'created_at', 'environment', 'data', 'funding']);
      expect(Object.keys(h.json.data)).toEqual(['status', 'data', 'total']);
      expect(h.body).not.toContain('Ada');
    }

    // The feed lists the same events, byte for byte, and the adjustment as wallet.adjusted.
    const feed = await t.call('GET', '/v1/events?limit=500', { pair: m.test });
    expect(feed.status).toBe(200);
    const funded = (feed.json.data as { type: string }[]).filter((e) => e.type === 'wallet.funded');
    // The wallet's opening funding (t.merchant) came before the endpoint existed: in the feed only.
    expect(funded).toHaveLength(3);
    expect(funded[0]).toMatchObject({ funding: { amount: '1000.00' } });
    expect(funded.slice(1).map((e) => JSON.stringify(e))).toEqual(hooks.map((h) => h.body));
    expect(feed.text).not.toContain('Ada');
    const adjusted = (feed.json.data as { type: string }[]).filter((e) => e.type === 'wallet.adjusted');
    expect(adjusted).toHaveLength(1);
    expect(adjusted[0]).toMatchObject({ adjustment: { amount: '5.00' }, data: { total: '3405.50' } });
    expect(Object.keys(adjusted[0])).toEqual([
      'id',
      'type',
      'created_at',
      'environment',
      'data',
      'adjustment',
    ]);
  });
});

describe('wallet.adjusted', () => {
  it("says an operator's correction, either sign, beside the balance answer, to an endpoint that wants it, not the reason", async () => {
    const m = t.merchant('ADJHOOK', { testNaira: 1_000 });
    const ep = await t.call('POST', '/v1/webhooks', {
      pair: m.test,
      body: { url: rx.url, event_types: ['wallet.adjusted'] },
    });
    expect(ep.status, ep.text).toBe(201);
    const adjust = (amount: string) =>
      admin.post('/console/admin/merchants/ADJHOOK/wallets/test/fund', {
        kind: 'adjustment',
        amount,
        reason: REASON,
      });
    expect((await adjust('-250')).status).toBe(200);
    expect((await adjust('1500.25')).status).toBe(200);
    const mine = (h: { json: { type: string; data: { data: { balance: string }[] } } }) =>
      h.json.type === 'wallet.adjusted' && ['750.00', '2250.25'].includes(h.json.data.data[0].balance);
    const hooks = await eventually(
      async () => rx.received.filter(mine),
      (got) => got.length >= 2,
    );
    expect(hooks.map((h) => [(h.json as { adjustment?: unknown }).adjustment, h.json.data.total])).toEqual([
      [{ amount: '-250.00' }, '750.00'],
      [{ amount: '1500.25' }, '2250.25'],
    ]);
    for (const h of hooks) expect(h.body).not.toContain('Ada');
    // Only what it subscribed to: the wallet's opening funding is in the feed, not delivered here.
    expect(
      rx.received.filter((h) => h.json.type === 'wallet.funded' && h.json.data.total === '1000.00'),
    ).toEqual([]);
  });
});
