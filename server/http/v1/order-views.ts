import { Type, type TSchema } from '@sinclair/typebox';
import type { Purchase } from '../../store/purchases.js';
import { publicStatusOf, responseCodeOf } from '../../domain/purchase-state.js';
import { purchaseMessage, sqlTime } from './transaction-views.js';
import { INSTALL_FIELDS } from '../../domain/result-fields.js';
import { errorResponses, FAILURE_REASON_DOC } from '../schemas.js';

/** The error answers of the gift-card and eSIM routes: unknown plans, and an upstream that failed or is missing. */
export const orderErrors = Object.assign({}, errorResponses, {
  404: Type.Ref('ErrorBody'),
  502: Type.Ref('ErrorBody'),
  503: Type.Ref('ErrorBody'),
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

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
};

/** A delivered card as plain strings; contents vary by product (card_number, pin_code, claim_url...). */
function cardOf(card: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof card !== 'object' || card === null) return out;
  for (const [k, v] of Object.entries(card)) {
    const s = text(v);
    if (s !== null) out[k] = s;
  }
  return out;
}

/**
 * The order `data` object in the spec's field order. Delivery comes from the purchase's stored
 * result, never from the catalog, so an order reads the same after its plan is retired.
 */
export function orderData(p: Purchase): Record<string, unknown> {
  const data: Record<string, unknown> = {
    request_id: p.idemKey,
    product: p.kind,
    internal_reference: p.internalReference,
  };
  const reference = text(p.result?.reference_code) ?? p.upstreamReference;
  if (reference) data.reference_code = reference;
  data.product_title = p.planName;
  data.amount = p.amountText;
  data.merchant_id = p.merchantId;
  if (p.state === 'failed' && p.publicFailureReason) data.failure_reason = p.publicFailureReason;
  if (p.state !== 'success' || !p.result) return data;
  if (p.kind === 'giftcard') {
    data.cards = Array.isArray(p.result.cards) ? p.result.cards.map(cardOf) : [];
  } else if (text(p.result.iccid)) {
    for (const f of INSTALL_FIELDS) {
      const v = text(p.result[f]);
      if (v !== null) data[f] = v;
    }
  }
  return data;
}

export function orderEnvelope(p: Purchase) {
  return {
    status: publicStatusOf(p.state),
    response_code: responseCodeOf(p.state),
    response_message: purchaseMessage(p),
    data:
      p.state === 'reversed'
        ? Object.assign(orderData(p), { reversed: true, reversed_at: sqlTime(p.reversedAt ?? p.updatedAt) })
        : orderData(p),
  };
}

const Card = Type.Record(Type.String(), Type.String());

const OrderEnvelope = Type.Object({
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
