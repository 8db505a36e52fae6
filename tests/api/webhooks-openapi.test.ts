import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { buyAirtime, startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import {
  startWebhookReceiver,
  type ReceivedHook,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';
import type { SimulatorOptions } from '../../server/upstreams/simulator.js';
import { EVENT_TYPES } from '../../server/domain/webhook-events.js';
import { fundWallet, setLowBalanceThreshold } from '../../server/store/wallets.js';
import { reverseSale } from '../../server/services/reversals.js';

/**
 * The integrator's review: the /v1 OpenAPI document (3.1) declares the webhooks in its top-level
 * `webhooks` (what swagger-ui lists, where 3.0's `x-webhooks` went unshown), each event
 * type's body and the VendPoint-Signature header, and every body a real receiver on 127.0.0.1
 * gets validates against the schema the document declares for its type.
 */

interface WebhookEntry {
  post: {
    parameters: { name: string; in: string; required: boolean; description: string }[];
    requestBody: { content: Record<string, { schema: { $ref: string } }> };
  };
}
interface Doc {
  openapi: string;
  info: { description: string };
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  webhooks: Record<string, WebhookEntry>;
}

let t: TestNode;
let rx: WebhookReceiver;
let doc: Doc;
const sim: SimulatorOptions = {};
let seq = 0;
const key = (p: string) => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  rx = await startWebhookReceiver();
  t = await startTestNode({ webhooksAllowPrivate: true }, { simulator: sim });
  doc = (await t.call('GET', '/v1/openapi.json', { pair: null })).json as Doc;
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

/** The component an event type's body is declared as, found through its webhooks entry. */
const componentOf = (type: string) =>
  doc.webhooks[type].post.requestBody.content['application/json'].schema.$ref.replace(
    '#/components/schemas/',
    '',
  );

/** Ajv as the node builds it (with formats), strict about types: no coercion, nothing removed. */
function validatorFor(type: string) {
  const build = AjvCompiler()(
    {},
    { customOptions: { strict: false, coerceTypes: false, removeAdditional: false, allErrors: true } },
  ) as unknown as (route: { schema: unknown }) => ((d: unknown) => boolean) & { errors?: unknown };
  // The document's own components, so the $ref resolves exactly as an integrator's tool would.
  return build({
    schema: { $ref: `#/components/schemas/${componentOf(type)}`, components: doc.components },
  });
}

describe('the /v1 OpenAPI document', () => {
  it('declares every event type as a webhook with its body and the signature header', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc).not.toHaveProperty('x-webhooks');
    for (const type of [...EVENT_TYPES, 'webhook.test']) {
      const entry = doc.webhooks[type];
      expect(entry, type).toBeDefined();
      const signature = entry.post.parameters.find((p) => p.name === 'VendPoint-Signature');
      expect(signature, type).toMatchObject({ in: 'header', required: true });
      expect(signature?.description).toMatch(/HMAC-SHA256/);
      const schema = doc.components.schemas[componentOf(type)];
      expect(Object.keys(schema.properties), type).toEqual(
        expect.arrayContaining(['id', 'type', 'created_at', 'environment', 'data']),
      );
    }
    // The description tells a reader of the page too, and one of the raw document.
    expect(doc.info.description).toMatch(/## Webhooks[\s\S]*VendPoint-Signature[\s\S]*docs\/webhooks\.md/);
  });

  it("validates the body of every event a receiver gets against its type's declared schema", async () => {
    const m = t.merchant('HOOKDOC', { testNaira: 100_000 });
    const ep = await t.call('POST', '/v1/webhooks', {
      pair: m.test,
      body: { url: rx.url, event_types: ['*'] },
    });
    expect(ep.status, ep.text).toBe(201);
    const sell = (id: string) => buyAirtime(t, id, { merchant_code: 'HOOKDOC' }, m.test);
    const sold = key('ok');
    expect((await sell(sold)).status).toBe(200);
    const orders = async () => {
      const gc = await t.call('POST', '/v1/giftcards/orders', {
        pair: m.test,
        body: { request_id: key('gc'), plan_id: 5005 },
      });
      const es = await t.call('POST', '/v1/esim/orders', {
        pair: m.test,
        body: { request_id: key('es'), plan_id: 'ESIM-GB-5GB-30D' },
      });
      expect([gc.status, es.status], `${gc.text} ${es.text}`).toEqual([200, 200]);
    };
    await orders();
    sim.failureRate = 1;
    await sell(key('bad'));
    await orders();
    sim.failureRate = 0;
    await reverseSale(t.node.services, {
      reference: sold,
      reason: 'customer never received the airtime',
      actor: 'user:admin',
      source: 'admin',
    });
    const db = t.node.services.db;
    setLowBalanceThreshold(db, {
      merchantId: m.id,
      merchantCode: 'HOOKDOC',
      env: 'test',
      thresholdKobo: 99_000_00,
      actor: 'test',
    });
    fundWallet(db, {
      merchantId: m.id,
      merchantCode: 'HOOKDOC',
      env: 'test',
      amountKobo: 2_500_50,
      reason: 'bank transfer ref. 2291',
      actor: 'test',
    });
    // An operator's correction taking money out: wallet.adjusted, its amount signed.
    fundWallet(db, {
      merchantId: m.id,
      merchantCode: 'HOOKDOC',
      env: 'test',
      amountKobo: -250_00,
      kind: 'adjustment',
      reason: 'duplicate top-up reversed by the bank',
      actor: 'test',
    });
    await sell(key('low'));
    const test = await t.call('POST', `/v1/webhooks/${ep.json.data.id}/test`, { pair: m.test });
    expect(test.json.data.delivered, test.text).toBe(true);

    const everyType = [...EVENT_TYPES, 'webhook.test'];
    const got = await eventually(
      async () => new Map(rx.received.map((h) => [h.json.type, h])),
      (byType) => everyType.every((ty) => byType.has(ty)),
      15_000,
    );
    expect([...got.keys()].sort()).toEqual([...everyType].sort());

    const check = (h: ReceivedHook) => {
      const validate = validatorFor(h.json.type);
      expect(validate(JSON.parse(h.body)), `${h.json.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // Nothing at the top level that the document does not declare.
      const declared = Object.keys(doc.components.schemas[componentOf(h.json.type)].properties);
      expect(declared, h.json.type).toEqual(expect.arrayContaining(Object.keys(h.json)));
    };
    for (const h of rx.received) check(h);

    // A body that breaks the declared shape is refused by the same validator, so the check above can fail.
    expect(got.get('wallet.adjusted')!.json).toMatchObject({ adjustment: { amount: '-250.00' } });
    const funded = got.get('wallet.funded')!;
    const broken = { ...funded.json, data: { ...funded.json.data, total: 2500.5 } };
    expect(validatorFor('wallet.funded')(broken)).toBe(false);
  });
});
