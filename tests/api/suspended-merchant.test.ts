import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { getPurchaseByKey } from '../../server/store/purchases.js';

/**
 * Review L8, what the README says suspending a merchant does to its API access: every call of
 * its pairs is refused, reads included; what was in flight still settles, and its webhooks are
 * still sent; the operator reads the in-flight sales in the console's Needs attention page.
 */

let t: TestNode;
let rx: WebhookReceiver;
let admin: ConsoleClient;

beforeAll(async () => {
  rx = await startWebhookReceiver();
  t = await startTestNode({ webhooksAllowPrivate: true });
  admin = await setupFirstAdmin(t.url, 'ops', 'correct horse battery');
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('a suspended merchant', () => {
  it('is refused every API call, reads included, while its in-flight sale settles, is sent to its webhook and is listed for the operator', async () => {
    const m = t.merchant('SUSP', { testNaira: 1_000 });
    const pair = m.test;
    const hook = await t.call('POST', '/v1/webhooks', {
      pair,
      body: { url: rx.url, event_types: ['transaction.succeeded'] },
    });
    expect(hook.status, hook.text).toBe(201);
    // The test number that stays pending until the provider is asked again.
    const sale = await buyAirtime(
      t,
      'in-flight',
      { merchant_code: 'SUSP', customer_msisdn: '08030000002' },
      pair,
    );
    expect(sale.json.response_code).toBe('02');

    const suspend = await admin.patch('/console/admin/merchants/SUSP', { status: 'suspended' });
    expect(suspend.status, suspend.text).toBe(200);

    const refused = { status: 'error', code: 403, message: 'This merchant profile is suspended' };
    for (const path of [
      '/v1/wallet/balance',
      '/v1/transactions/status?client_request_id=in-flight',
      '/v1/transactions?page=1',
      '/v1/events',
      '/v1/webhooks',
    ]) {
      const r = await t.call('GET', path, { pair });
      expect([r.status, r.json], path).toEqual([403, refused]);
    }
    const another = await buyAirtime(t, 'after', { merchant_code: 'SUSP' }, pair);
    expect([another.status, another.json]).toEqual([403, refused]);

    // The operator sees the sale still pending, with the merchant it belongs to.
    const attention = await admin.get('/console/admin/attention');
    expect(attention.json.pending).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ request_id: 'in-flight', merchant_id: m.id, status: 'pending' }),
      ]),
    );

    // ...and the merchant's wallet ledger, with the sale's debit.
    const ledger = await admin.get('/console/admin/merchants/SUSP/wallets/test/ledger');
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.json.entries[0]).toMatchObject({ kind: 'debit' });

    // The provider's answer still settles it, and the merchant's webhook still hears of it.
    const p = getPurchaseByKey(t.node.services.db, m.id, 'test', 'in-flight')!;
    await t.node.services.worker.requery(p.id);
    const sent = await eventually(
      async () => rx.received.filter((h) => h.json.data?.data?.request_id === 'in-flight'),
      (hooks) => hooks.length > 0,
    );
    expect(sent[0]!.json.type).toBe('transaction.succeeded');

    // Reactivated, the merchant reads the outcome it could not poll meanwhile.
    expect((await admin.patch('/console/admin/merchants/SUSP', { status: 'active' })).status).toBe(200);
    const status = await t.call('GET', '/v1/transactions/status?client_request_id=in-flight', { pair });
    expect(status.json.response_code).toBe('00');
    const feed = await t.call('GET', '/v1/events', { pair });
    expect(feed.json.data.map((e: { type: string }) => e.type)).toContain('transaction.succeeded');
  });
});
