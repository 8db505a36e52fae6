import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { fundWallet } from '../../server/store/wallets.js';
import { closedPort } from '../reliability/fault-child.js';
import { EVENT_TYPES } from '../../server/domain/webhook-events.js';

/** Merchants → Webhooks in the admin console: delivery log, failing endpoints on the dashboard, replay, test event, pause. */

let t: TestNode;
let admin: ConsoleClient;

beforeAll(async () => {
  t = await startTestNode({ webhooksAllowPrivate: true }, { webhookRetryScheduleMs: [100, 100] });
  admin = await setupFirstAdmin(t.url, 'boss', 'correct horse battery');
});
afterAll(async () => t?.close());

describe('webhooks in the admin console', () => {
  it('a receiver down for the whole window shows as failing on the dashboard, its log shows the attempts, and "replay all failed" delivers them', async () => {
    const m = t.merchant('CONHOOK', {});
    const port = await closedPort();
    const add = await admin.post('/console/admin/merchants/CONHOOK/webhooks', {
      environment: 'test',
      url: `http://127.0.0.1:${port}/hooks`,
      event_types: ['wallet.funded'],
    });
    expect(add.status, add.text).toBe(200);
    expect(add.json.secret).toMatch(/^whsec_/);
    const id = add.json.id as string;
    const listed = await admin.get('/console/admin/merchants/CONHOOK/webhooks');
    expect(listed.json.webhooks).toEqual([
      expect.objectContaining({ id, environment: 'test', status: 'enabled' }),
    ]);
    expect(listed.text).not.toContain(add.json.secret);

    fundWallet(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'CONHOOK',
      env: 'test',
      amountKobo: 700,
      reason: 'test funding',
      actor: 'test',
    });
    const log = await eventually(
      async () => (await admin.get(`/console/admin/webhooks/${id}/deliveries`)).json,
      (j) => j.deliveries[0]?.state === 'failed',
    );
    expect(log.deliveries[0]).toMatchObject({
      event_type: 'wallet.funded',
      state: 'failed',
      attempts: 3,
      last_status: null,
      next_attempt_at: null,
    });
    expect(log.deliveries[0].last_error).toMatch(/refused the connection.*\(ECONNREFUSED\)$/);
    const dash = await admin.get('/console/admin/dashboard?environment=test');
    expect(dash.json.failing_webhooks).toEqual([
      expect.objectContaining({ endpoint_id: id, merchant_code: 'CONHOOK', failed: 1 }),
    ]);

    const rx = await startWebhookReceiver(port);
    try {
      const replay = await admin.post(`/console/admin/webhooks/${id}/replay`, {});
      expect(replay.json).toEqual({ replayed: 1 });
      await eventually(
        async () => rx.received.length,
        (n) => n === 1,
      );
      expect(rx.received[0].json).toMatchObject({ type: 'wallet.funded', data: { total: '7.00' } });
      const after = await eventually(
        async () => (await admin.get(`/console/admin/webhooks/${id}/deliveries`)).json,
        (j) => j.deliveries[0]?.state === 'delivered',
      );
      expect(after.deliveries[0]).toMatchObject({ state: 'delivered', last_status: 200 });
      expect((await admin.get('/console/admin/dashboard?environment=test')).json.failing_webhooks).toEqual(
        [],
      );

      const test = await admin.post(`/console/admin/webhooks/${id}/test`, {});
      expect(test.json).toMatchObject({ delivered: true, status_code: 200 });
      expect(rx.received.at(-1)!.json.type).toBe('webhook.test');

      expect(
        (await admin.post(`/console/admin/webhooks/${id}/status`, { status: 'paused' })).json.status,
      ).toBe('paused');
      const th = await admin.put('/console/admin/merchants/CONHOOK/wallets/test/low-balance', {
        amount: '5',
      });
      expect(th.json).toEqual({ low_balance_threshold: '5.00' });
      expect(
        (await admin.get('/console/admin/merchants/CONHOOK/webhooks')).json.low_balance_thresholds,
      ).toEqual({ test: '5.00', live: null });
    } finally {
      await rx.close();
    }
  });

  it('the webhooks answer lists every event type an endpoint may choose, as the node knows them', async () => {
    const info = await admin.get('/console/admin/merchants/DEMO/webhooks');
    expect(info.status).toBe(200);
    expect(info.json.event_types).toEqual([...EVENT_TYPES]);
    const added = await admin.post('/console/admin/merchants/DEMO/webhooks', {
      environment: 'test',
      url: 'http://127.0.0.1:9/hooks',
      event_types: [info.json.event_types.at(-1)],
    });
    expect(added.status, added.text).toBe(200);
    expect(added.json.event_types).toEqual([EVENT_TYPES.at(-1)]);
  });

  it("a URL the merchant already uses is refused in the operator's words: the console shows the endpoint and its rotate button", async () => {
    const body = { environment: 'test', url: 'http://127.0.0.1:9/twice', event_types: ['*'] };
    const first = await admin.post('/console/admin/merchants/DEMO/webhooks', body);
    expect(first.status, first.text).toBe(200);
    const again = await admin.post('/console/admin/merchants/DEMO/webhooks', body);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      `${first.json.id} already receives this merchant's test events at http://127.0.0.1:9/twice: use it, or remove it first`,
    );
  });
});
