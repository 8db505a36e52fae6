import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { reverseSale } from '../../server/services/reversals.js';
import { ORDER_ANSWER_FIELDS } from '../../server/domain/purchase-answers.js';
import { OrderEnvelope } from '../../server/http/v1/order-views.js';

/**
 * Session 34's review: a gift-card or eSIM order's event carried `data` with the same fields as
 * the order answer, in another order: the answer is written by its response schema's
 * serializer (required fields first, then the optional ones present), the event by
 * JSON.stringify of the object as built, so `reference_code` (and, once reversed, `reversed`
 * and `reversed_at`) sat elsewhere. docs/webhooks.md promises the answer exactly; a receiver
 * comparing or hashing the two texts found them different. Now the text is the same.
 */

let t: TestNode;
let rx: WebhookReceiver;
beforeAll(async () => {
  rx = await startWebhookReceiver();
  t = await startTestNode({ webhooksAllowPrivate: true });
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

/** The webhook body's `data`, as text in the order it was sent. */
const dataText = (body: string) => JSON.stringify((JSON.parse(body) as { data: unknown }).data);

describe("an order event's data", () => {
  it('is the text the order answer gives, field for field in the same order, also once reversed', async () => {
    const m = t.merchant('BYTES', { testNaira: 200_000 });
    const ep = await t.call('POST', '/v1/webhooks', {
      pair: m.test,
      body: { url: rx.url, event_types: ['*'] },
    });
    expect(ep.status, ep.text).toBe(201);
    const orders = [
      ['/v1/giftcards/orders', { request_id: 'bytes-gc', plan_id: 5001 }, '/v1/giftcards/orders/bytes-gc'],
      ['/v1/esim/orders', { request_id: 'bytes-es', plan_id: 'ESIM-GB-5GB-30D' }, '/v1/esim/orders/bytes-es'],
    ] as const;
    for (const [path, body] of orders) {
      const r = await t.call('POST', path, { pair: m.test, body });
      expect(r.status, r.text).toBe(200);
      expect(r.json.response_code, r.text).toBe('00');
    }
    for (const [, body, read] of orders) {
      const answer = await t.call('GET', read, { pair: m.test });
      expect(answer.json.data.reference_code, answer.text).toBeTruthy();
      const hooks = await eventually(
        async () => rx.received.filter((h) => h.json.data?.data?.request_id === body.request_id),
        (list) => list.length === 1,
      );
      expect(hooks.map((h) => h.json.type)).toEqual([expect.stringMatching(/_order\.succeeded$/)]);
      expect(dataText(hooks[0].body)).toBe(answer.text);
    }
    // Reversed: the reversal's event is the order answer after it.
    for (const [, body, read] of orders) {
      await reverseSale(t.node.services, {
        reference: body.request_id,
        reason: 'the card was never issued',
        actor: 'user:admin',
        source: 'admin',
        merchantId: m.id,
      });
      const answer = await t.call('GET', read, { pair: m.test });
      expect(answer.json.data.reversed).toBe(true);
      const hooks = await eventually(
        async () =>
          rx.received.filter(
            (h) =>
              h.json.type === 'transaction.reversed' && h.json.data?.data?.request_id === body.request_id,
          ),
        (list) => list.length === 1,
      );
      expect(hooks).toHaveLength(1);
      expect(dataText(hooks[0].body)).toBe(answer.text);
    }
  });

  it("builds its fields in the order the answer's serializer writes them: the required ones, then the optional ones, each in the schema's order", () => {
    const props = OrderEnvelope.properties.data.properties;
    const required = new Set<string>(OrderEnvelope.properties.data.required ?? []);
    const keys = Object.keys(props);
    expect([...ORDER_ANSWER_FIELDS]).toEqual([
      ...keys.filter((k) => required.has(k)),
      ...keys.filter((k) => !required.has(k)),
    ]);
  });
});
