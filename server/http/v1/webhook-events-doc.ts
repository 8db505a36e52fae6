import { Type, type TSchema } from '@sinclair/typebox';
import { EVENT_TYPES, type EventType } from '../../domain/webhook-events.js';
import { SIGNATURE_HEADER } from '../../domain/webhook-signature.js';
import { TransactionEnvelope } from '../schemas.js';
import { OrderEnvelope } from './order-views.js';
import { BalanceEnvelope } from './wallet.js';

/**
 * The webhooks in the /v1 OpenAPI document, so an integrator working from the document alone
 * learns the event bodies and that they are signed. The document is OpenAPI 3.1 for its
 * top-level `webhooks` (swagger-ui lists them under "Webhooks"; 3.0's `x-webhooks` it did not
 * show): one entry per event, its body a component schema whose `data` is the very response
 * schema of the status, order or balance route, and `info.description` says the same in words.
 */

const envelope = (types: readonly string[], data: TSchema, extra: Record<string, TSchema> = {}) =>
  Type.Object({
    id: Type.String({ description: 'evt_…: unique, and the same on every retry (drop duplicates by it)' }),
    type: Type.Union(types.map((t) => Type.Literal(t))),
    created_at: Type.String({ format: 'date-time', description: 'when the event happened, UTC' }),
    environment: Type.Union([Type.Literal('test'), Type.Literal('live')], {
      description: 'the credential environment whose endpoints and feed receive it',
    }),
    data,
    ...extra,
  });

/** wallet.funded's `funding`, beside `data` (store/events.ts says why the reason is not in it). */
export const EventFunding = Type.Object(
  {
    amount: Type.String({ description: 'the amount credited, in Naira, e.g. "2500.50"' }),
  },
  {
    description:
      "wallet.funded only: what this funding credited, so it can be booked without diffing balances (a sale may land between two events). Absent on other events and on fundings recorded before VendPoint sent it. The operator's reason is not sent.",
  },
);

/** wallet.adjusted's `adjustment`, beside `data`: the operator's correction, either sign. */
export const EventAdjustment = Type.Object(
  {
    amount: Type.String({
      description: 'the correction in Naira, signed: "1500.00" added to the wallet, "-250.00" taken out',
    }),
  },
  {
    description:
      "wallet.adjusted only: what the operator's correction moved, so it can be booked without diffing balances. The operator's reason is not sent.",
  },
);

/** The component schema of each event body; `data` is the object's own answer at that moment. */
export const WEBHOOK_EVENT_SCHEMAS = {
  TransactionEvent: envelope(['transaction.succeeded', 'transaction.failed'], TransactionEnvelope),
  ReversalEvent: envelope(
    ['transaction.reversed'],
    Type.Union([TransactionEnvelope, OrderEnvelope], {
      description: 'the status answer, or for a gift-card or eSIM order the order answer',
    }),
  ),
  OrderEvent: envelope(
    ['giftcard_order.succeeded', 'giftcard_order.failed', 'esim_order.succeeded', 'esim_order.failed'],
    OrderEnvelope,
  ),
  WalletEvent: envelope(['wallet.funded', 'wallet.adjusted', 'wallet.low_balance'], BalanceEnvelope, {
    funding: Type.Optional(EventFunding),
    adjustment: Type.Optional(EventAdjustment),
  }),
  TestEvent: envelope(
    ['webhook.test'],
    Type.Object({ endpoint_id: Type.String({ description: 'we_N: the endpoint the test was sent to' }) }),
  ),
};

type EventSchemaName = keyof typeof WEBHOOK_EVENT_SCHEMAS;

/** Every event type's body and when it is sent; a new type fails the type check until it is here. */
const EVENTS: Record<EventType | 'webhook.test', { schema: EventSchemaName; when: string }> = {
  'transaction.succeeded': {
    schema: 'TransactionEvent',
    when: 'A transaction ended `00` (or reconciliation found a sale failed here was delivered after all). `data` is the status answer of GET /v1/transactions/status.',
  },
  'transaction.failed': {
    schema: 'TransactionEvent',
    when: 'A transaction ended `01`; its debit was refunded in the same step. `data` is the status answer, with `data.failure_reason`.',
  },
  'transaction.reversed': {
    schema: 'ReversalEvent',
    when: 'A completed sale or order was reversed and its debit credited back, once. `data` is the status answer (the order answer for an order) after the reversal.',
  },
  'giftcard_order.succeeded': {
    schema: 'OrderEvent',
    when: 'A gift-card order succeeded. `data` is the order answer of GET /v1/giftcards/orders/{request_id}.',
  },
  'giftcard_order.failed': {
    schema: 'OrderEvent',
    when: 'A gift-card order failed. `data` is the order answer.',
  },
  'esim_order.succeeded': {
    schema: 'OrderEvent',
    when: 'An eSIM order succeeded. `data` is the order answer of GET /v1/esim/orders/{request_id}.',
  },
  'esim_order.failed': { schema: 'OrderEvent', when: 'An eSIM order failed. `data` is the order answer.' },
  'wallet.funded': {
    schema: 'WalletEvent',
    when: 'The wallet was funded by the operator. `data` is the answer of GET /v1/wallet/balance right after; `funding.amount` is the amount credited.',
  },
  'wallet.adjusted': {
    schema: 'WalletEvent',
    when: 'The operator corrected the wallet (an adjustment, either sign). `data` is the balance answer right after; `adjustment.amount` is the signed correction.',
  },
  'wallet.low_balance': {
    schema: 'WalletEvent',
    when: "A debit took the balance below the wallet's threshold (once until it is back above). `data` is the balance answer right after.",
  },
  'webhook.test': {
    schema: 'TestEvent',
    when: 'A test event sent on request (POST /v1/webhooks/{id}/test); not stored, not retried, not in the feed.',
  },
};

const SIGNATURE_WORDS =
  '`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC is keyed with the endpoint\'s signing secret (whsec_…) over the string `t + "." + raw body`. During a secret rotation there are several `v1` values: accept the request if any matches. Reject a `t` more than 5 minutes from your clock.';

const SignatureHeader = {
  name: SIGNATURE_HEADER,
  in: 'header' as const,
  required: true,
  description: SIGNATURE_WORDS,
  schema: { type: 'string' as const, example: 't=1763921011,v1=5f2b…c9' },
};

function webhookEntry(type: string, e: { schema: EventSchemaName; when: string }) {
  return {
    post: {
      summary: type,
      description: e.when,
      tags: ['webhooks'],
      // The node calls the integrator: no merchant key, the signature header proves it.
      security: [],
      parameters: [SignatureHeader],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${e.schema}` } } },
      },
      responses: {
        '2XX': { description: 'Delivered. Any other answer (a redirect too) is a failed attempt, retried.' },
      },
    },
  };
}

/** The document's `webhooks` object: one entry per event type. */
export const WEBHOOKS = Object.fromEntries(
  [...EVENT_TYPES, 'webhook.test' as const].map((type) => [type, webhookEntry(type, EVENTS[type])]),
);

/** The paragraph of `info.description` that points integrators at the webhooks and their signature. */
export const WEBHOOKS_DESCRIPTION = [
  '## Webhooks',
  `Instead of polling, register an endpoint (POST /v1/webhooks) and the node posts each event to it as JSON, \`{id, type, created_at, environment, data}\`, signed in the \`${SIGNATURE_HEADER}\` header. **Verify the signature before trusting a body**: ${SIGNATURE_WORDS} Any 2xx answer means delivered; anything else is retried (1 min … 24 h) with the same event id, so drop duplicates by \`id\`. The same events can be read from GET /v1/events.`,
  `The event types and their bodies are in this document's \`webhooks\` and in the schemas ${Object.keys(
    WEBHOOK_EVENT_SCHEMAS,
  )
    .map((n) => `\`${n}\``)
    .join(
      ', ',
    )}; \`data\` is exactly what the status, order or balance route answers for that object at that moment. docs/webhooks.md, shipped with VendPoint, describes each event, retries, rotation and a complete Node.js verifier.`,
].join('\n\n');
