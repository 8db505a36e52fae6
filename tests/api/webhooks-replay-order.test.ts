import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { fundWallet } from '../../server/store/wallets.js';
import type { ReceivedHook } from '../helpers/webhook-receiver.js';

const amountOf = (h: ReceivedHook) =>
  (JSON.parse(h.body) as { funding?: { amount: string } }).funding?.amount;

/**
 * Session 34's review: an event whose delivery failed (its retries spent) no longer holds the
 * object's later events, which go out; replaying it then sent it after them, so the last event
 * a receiver got for the object was an older state (a sale's `transaction.succeeded` after its
 * `transaction.reversed`). A replay now sends the object's later events again after it, in
 * order, with their own ids: the receiver ends on the object's latest event.
 */

let t: TestNode;
let rx: WebhookReceiver;
beforeAll(async () => {
  rx = await startWebhookReceiver();
  // One retry, then failed.
  t = await startTestNode({ webhooksAllowPrivate: true }, { webhookRetryScheduleMs: [100] });
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

const fund = (merchantId: number, naira: number) =>
  fundWallet(t.node.services.db, {
    merchantId,
    merchantCode: 'REPLAY',
    env: 'test',
    amountKobo: naira * 100,
    reason: 'test funding',
    actor: 'test',
  });

describe('replaying a failed delivery', () => {
  it("sends the same object's later events again after it, so the receiver ends on the latest", async () => {
    const m = t.merchant('REPLAY');
    const ep = await t.call('POST', '/v1/webhooks', {
      pair: m.test,
      body: { url: rx.url, event_types: ['*'] },
    });
    expect(ep.status, ep.text).toBe(201);
    const id = ep.json.data.id as string;
    const deliveries = async () =>
      (await t.call('GET', `/v1/webhooks/${id}/deliveries`, { pair: m.test })).json.data as {
        id: number;
        event_id: string;
        state: string;
      }[];
    // The receiver refuses the first funding's event until told otherwise.
    let refuse = true;
    rx.answer = (h) => (refuse && amountOf(h) === '1.00' ? 500 : 200);
    fund(m.id, 1);
    const failed = await eventually(deliveries, (d) => d.length === 1 && d[0].state === 'failed');
    expect(failed.map((d) => d.state)).toEqual(['failed']);
    // The wallet's next event is no longer held by it.
    fund(m.id, 2);
    await eventually(deliveries, (d) => d.length === 2 && d[0].state === 'delivered');
    refuse = false;
    const before = rx.received.length;
    const replay = await t.call('POST', `/v1/webhooks/${id}/replay`, {
      pair: m.test,
      body: { delivery_id: failed[0].id },
    });
    expect(replay.status, replay.text).toBe(200);
    const after = await eventually(
      async () => rx.received.slice(before).map(amountOf),
      (a) => a.length >= 2,
    );
    expect(after).toEqual(['1.00', '2.00']);
    const log = await eventually(deliveries, (d) => d.every((x) => x.state === 'delivered'));
    expect(log.map((d) => d.state)).toEqual(['delivered', 'delivered']);
  });
});
