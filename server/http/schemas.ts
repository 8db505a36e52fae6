import { Type } from '@sinclair/typebox';
import { PageNumber, PageSize, PatternText } from './schema-blocks.js';
import { PUBLIC_FAILURE } from '../domain/failure-reason.js';

/**
 * The two prefixes every merchant operation is mounted under: the spec's /v1 and the older
 * /ext/service/v1 variant (DESIGN "API decisions the spec leaves open" lists its differences).
 */
export const API_PREFIXES = ['/v1', '/ext/service/v1'] as const;
export type ApiPrefix = (typeof API_PREFIXES)[number];

/**
 * The spec: "Some references write gift-card and eSIM paths without the /v1 prefix; they are the
 * same routes." So the order routes are mounted without a prefix too, as /v1's, and left out of
 * the OpenAPI document, which lists each operation once per prefix.
 */
export const UNPREFIXED = '' as const;
export type OrderPrefix = ApiPrefix | typeof UNPREFIXED;

/** Shared JSON schemas: both the validators and the OpenAPI document. */
export const ErrorBody = Type.Object(
  { status: Type.Literal('error'), code: Type.Integer(), message: Type.String() },
  { $id: 'ErrorBody', description: 'Request-level error' },
);

/**
 * Every error status the spec's HTTP table names for these routes, and the node's own (413 body
 * over 1 MiB, 415 not JSON or compressed, 429 rate limit with Retry-After), so the OpenAPI document lists them.
 */
export const errorResponses = {
  400: Type.Ref('ErrorBody'),
  401: Type.Ref('ErrorBody'),
  403: Type.Ref('ErrorBody'),
  404: Type.Ref('ErrorBody'),
  413: Type.Ref('ErrorBody'),
  415: Type.Ref('ErrorBody'),
  422: Type.Ref('ErrorBody'),
  429: Type.Ref('ErrorBody'),
  500: Type.Ref('ErrorBody'),
  502: Type.Ref('ErrorBody'),
  503: Type.Ref('ErrorBody'),
};

/**
 * The router answers 414 for a path part over 100 characters (a key or id), before any route
 * runs: the OpenAPI document declares it on every route with a path parameter (app.ts).
 */
export function withPathLimitAnswer<S extends { response?: unknown }>(schema: S, url: string): S {
  if (!url.includes(':') || !schema.response) return schema;
  return Object.assign({}, schema, {
    response: Object.assign({}, schema.response, { 414: Type.Ref('ErrorBody') }),
  });
}

/**
 * A plan reference from the plan catalogs: for data a plan code, always a string (the spec's
 * type; a number is refused saying so); for bills the plan's integer id, as a string or a JSON
 * integer.
 */
const PlanRef = Type.Union([Type.String(), Type.Integer()], {
  description:
    'Data: the plan code from GET /v1/plans/{network}, a string. Bills: the plan id from GET /v1/plans/bills/{product}, a string or an integer.',
});

export const TransactionCreateBody = Type.Object(
  {
    merchant_code: Type.String({ description: 'Merchant profile code' }),
    customer_msisdn: Type.String({ description: 'Subscriber number, meter, smartcard or betting id' }),
    network: Type.String(),
    product: Type.Optional(
      Type.String({ description: 'airtime, data, ELECTRICITY, CABLE, BETTING (or ESIM)' }),
    ),
    amount: Type.String({ description: 'Naira amount as a string, e.g. "100.00"' }),
    client_request_id: Type.String({ description: 'Idempotency key, unique per merchant and environment' }),
    plan_code: Type.Optional(PlanRef),
    phone: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** The API's words for `data.failure_reason` (domain/failure-reason.ts), shared by transactions and orders. */
export const FAILURE_REASON_DOC =
  "present only on a failed sale (not a reversed one): why, in words to pass on to the customer — the provider's own when it gave a reason (e.g. an invalid meter), else one of: " +
  Object.values(PUBLIC_FAILURE)
    .map((t) => `"${t}"`)
    .join(', ');

export const TransactionData = Type.Object(
  {
    internal_reference: Type.String(),
    msisdn: Type.String(),
    product: Type.String(),
    request_id: Type.String(),
    network: Type.String(),
    amount: Type.String(),
    plan: Type.String(),
    merchant_id: Type.Integer(),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
    merchant_name: Type.Optional(Type.String()),
    reversed: Type.Optional(
      Type.Boolean({
        description:
          'present (true) only on a completed sale that was later reversed: status is failed, the debit is back in the wallet',
      }),
    ),
    reversed_at: Type.Optional(Type.String({ description: 'when it was reversed, UTC, with `reversed`' })),
    failure_reason: Type.Optional(Type.String({ description: FAILURE_REASON_DOC })),
  },
  { additionalProperties: Type.String() },
);

export const TransactionEnvelope = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Literal('pending')]),
  response_code: Type.Union([Type.Literal('00'), Type.Literal('01'), Type.Literal('02')]),
  response_message: Type.String(),
  data: TransactionData,
});

export const StatusQuery = Type.Object(
  {
    client_request_id: Type.Optional(Type.String()),
    request_id: Type.Optional(Type.String()),
    request_ref: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** The ext variant's path-style status key. */
export const StatusParams = Type.Object({ client_request_id: Type.String() });

const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';

export const ListQuery = Type.Object(
  {
    page: Type.Optional(PageNumber({ description: 'page number, default 1' })),
    limit: Type.Optional(PageSize(100, { description: 'page size 1-100, default 10' })),
    // Bounded: a filter is part of the list cache's key (no number or network name is longer).
    msisdn: Type.Optional(Type.String({ maxLength: 20, description: 'a number in any of its forms' })),
    network: Type.Optional(Type.String({ maxLength: 40 })),
    // The integer form of response_code; "00"/"01"/"02" are the same integers written as the envelope shows them.
    status: Type.Optional(
      PatternText('^0?[012]$', 'must be 0, 1 or 2', { description: '0 success, 1 failed, 2 pending' }),
    ),
    // Not in the spec: a node reconciling against this one reads one day at a time.
    from: Type.Optional(
      PatternText(ISO_INSTANT, 'must be an ISO 8601 UTC time like 2026-01-02T00:00:00.000Z', {
        description: 'created at or after this UTC instant (extension)',
      }),
    ),
    to: Type.Optional(
      PatternText(ISO_INSTANT, 'must be an ISO 8601 UTC time like 2026-01-02T00:00:00.000Z', {
        description: 'created before this UTC instant (extension)',
      }),
    ),
  },
  { additionalProperties: true },
);

export const ListEnvelope = Type.Object({
  status: Type.String(),
  data: Type.Array(TransactionData),
  pagination: Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
    total_pages: Type.Integer(),
  }),
});

export const VerifyBody = Type.Object(
  {
    merchant_code: Type.String(),
    customer_msisdn: Type.String(),
    network: Type.String(),
    product: Type.String(),
    plan_code: Type.Optional(PlanRef),
    service_id: Type.Optional(PlanRef),
  },
  { additionalProperties: true },
);

export const VerifyEnvelope = Type.Object({
  status: Type.Literal('success'),
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Record(Type.String(), Type.String()),
});
