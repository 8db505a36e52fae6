import { Type, type TSchema } from '@sinclair/typebox';
import { errorResponses, FAILURE_REASON_DOC } from '../schemas.js';

/** The error answers of the gift-card and eSIM routes: unknown plans, and an upstream that failed or is missing. */
export const orderErrors = Object.assign({}, errorResponses, {
  404: Type.Ref('ErrorBody'),
  502: Type.Ref('ErrorBody'),
  503: Type.Ref('ErrorBody'),
});

/** Not in the spec's order bodies; accepted for integrators who send it as on transactions. */
export const MerchantCodeOfCredential = Type.String({
  description: "optional; when sent, the credential's own merchant code (another is a 403)",
});

/** The gift-card catalog's filters, on /v1 and in the console. */
export const GiftcardFilters = {
  search: Type.Optional(Type.String()),
  brand: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
  featured: Type.Optional(Type.String()),
  region: Type.Optional(Type.String()),
};

/** The eSIM catalog's filters, on /v1 and in the console. */
export const EsimFilters = {
  country: Type.Optional(Type.String()),
  region: Type.Optional(Type.String()),
  search: Type.Optional(Type.String()),
};

const Card = Type.Record(Type.String(), Type.String());

/** The answer of an order placed or read (also the `data` of its webhook events). */
export const OrderEnvelope = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Literal('pending')]),
  response_code: Type.Union([Type.Literal('00'), Type.Literal('01'), Type.Literal('02')]),
  response_message: Type.String(),
  data: Type.Object({
    request_id: Type.String(),
    product: Type.String({ description: 'giftcard or esim' }),
    internal_reference: Type.String(),
    reference_code: Type.Optional(Type.String({ description: 'upstream order reference, when available' })),
    product_title: Type.String(),
    amount: Type.String({ description: 'NGN debited, as a Naira string' }),
    merchant_id: Type.Integer(),
    cards: Type.Optional(Type.Array(Card, { description: 'gift cards: present on success only' })),
    iccid: Type.Optional(Type.String()),
    activation_code: Type.Optional(Type.String()),
    smdp_address: Type.Optional(Type.String()),
    lpa: Type.Optional(Type.String({ description: 'begins LPA:1$' })),
    reversed: Type.Optional(
      Type.Boolean({
        description: 'present (true) only on a completed order later reversed: status is failed',
      }),
    ),
    reversed_at: Type.Optional(Type.String({ description: 'when it was reversed, UTC, with `reversed`' })),
    failure_reason: Type.Optional(Type.String({ description: FAILURE_REASON_DOC })),
    redemption_instructions: Type.Optional(Type.String()),
  }),
});

/** Catalog, quote, availability and plan envelopes: integer `code`, HTTP-like. */
export function catalogEnvelope<T>(message: string, data: T) {
  return { status: 'success' as const, code: 200, message, data };
}

const catalogEnvelopeSchema = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Literal('success'), code: Type.Integer(), message: Type.String(), data });

/** The answers of a catalog, quote, availability or plan read: its data in the catalog envelope, or an error. */
export const catalogAnswers = <T extends TSchema>(data: T) => ({
  200: catalogEnvelopeSchema(data),
  ...orderErrors,
});

/** The answers of an order placed or read: the order envelope, or an error. */
export const orderAnswers = () => ({ 200: OrderEnvelope, ...orderErrors });
