import { INSTALL_FIELDS, PROVIDER_FIELDS, TOKEN_FIELDS } from './result-fields.js';
import { publicStatusOf, responseCodeOf, responseMessageOf, type PurchaseState } from './purchase-state.js';

/**
 * A purchase as the API answers it: the transaction and order envelopes of /v1, and so the
 * bodies of their webhook events, which the outbox stores in the same transaction as the state
 * change (store/events.ts). Below both the HTTP layer and the store, so an event body is the
 * status answer by construction, not by an import upwards.
 */

/** What the answers read of a stored purchase (store/purchases.ts's Purchase has all of it). */
export interface AnsweredPurchase {
  internalReference: string;
  idemKey: string;
  merchantId: number;
  kind: string;
  product: string;
  network: string;
  msisdn: string;
  planRef: string;
  planName: string;
  amountText: string;
  state: PurchaseState;
  result: Record<string, unknown> | null;
  upstreamReference: string | null;
  createdAt: string;
  updatedAt: string;
  reversedAt: string | null;
  reversalReason: string | null;
  publicFailureReason: string | null;
}

export type TransactionView = 'async-create' | 'sync-create' | 'status' | 'list';

/** "2026-01-02T03:04:05Z": the sync create's RFC 3339 form. */
export const rfc3339 = (iso: string) => `${iso.slice(0, 19)}Z`;
/** "2026-01-02 03:04:05": status and list rows, UTC. */
export const sqlTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

const RESULT_FIELDS = [...TOKEN_FIELDS, ...PROVIDER_FIELDS, 'iccid', 'lpa'] as const;

/** The transaction `data` object exactly as the spec's table says, per view. */
export function transactionData(
  p: AnsweredPurchase,
  view: TransactionView,
  merchantName: string,
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    internal_reference: p.internalReference,
    msisdn: p.msisdn,
    product: p.product,
    request_id: p.idemKey,
    // DESIGN: echoed uppercase, bills included ("IKEJA ELECTRIC"); stored as the catalog spells it.
    network: p.network.toUpperCase(),
    amount: p.amountText,
    plan: view === 'async-create' && p.product === 'airtime' ? '' : p.planRef,
    merchant_id: p.merchantId,
  };
  if (view === 'sync-create') data.created_at = rfc3339(p.createdAt);
  if (view === 'status' || view === 'list') {
    data.created_at = sqlTime(p.createdAt);
    data.updated_at = sqlTime(p.updatedAt);
    data.merchant_name = merchantName;
  }
  // Why it failed, in words safe to pass on (the node's own reason names upstreams): on a failed
  // sale only, so every other answer is as it was.
  if (p.state === 'failed' && p.publicFailureReason) data.failure_reason = p.publicFailureReason;
  if (p.state === 'reversed' && (view === 'status' || view === 'list')) {
    data.reversed = true;
    data.reversed_at = sqlTime(p.reversedAt ?? p.updatedAt);
  }
  // A reversed sale keeps the provider's reference and message (what a dispute quotes), not
  // what the customer would use: its money went back.
  const fields = p.state === 'success' ? RESULT_FIELDS : p.state === 'reversed' ? PROVIDER_FIELDS : null;
  if (fields && p.result) {
    for (const f of fields) {
      const v = p.result[f];
      if (v !== undefined && v !== null && v !== '') data[f] = String(v);
    }
  }
  return data;
}

/** "Reversed: <why>" for a reversed sale, the state's word otherwise. */
export function purchaseMessage(p: AnsweredPurchase): string {
  if (p.state === 'reversed' && p.reversalReason) return `Reversed: ${p.reversalReason}`;
  return responseMessageOf(p.state);
}

export function transactionEnvelope(p: AnsweredPurchase, view: TransactionView, merchantName: string) {
  return {
    status: publicStatusOf(p.state),
    response_code: responseCodeOf(p.state),
    response_message: purchaseMessage(p),
    data: transactionData(p, view, merchantName),
  };
}

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
export function orderData(p: AnsweredPurchase): Record<string, unknown> {
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

/**
 * The order `data` fields in the order the order routes write them: their response schema's
 * serializer writes the required fields first, then the optional ones present, each group in the
 * schema's order (http/v1/order-views.ts, OrderEnvelope; a test keeps the two in step). An
 * order's webhook event is JSON.stringify of the same object, so it is built in that order to be
 * the answer's text exactly: until session 34 `reference_code`, `reversed` and `reversed_at`
 * sat elsewhere in the event than in the answer.
 */
export const ORDER_ANSWER_FIELDS = [
  'request_id',
  'product',
  'internal_reference',
  'product_title',
  'amount',
  'merchant_id',
  'reference_code',
  'cards',
  'iccid',
  'activation_code',
  'smdp_address',
  'lpa',
  'reversed',
  'reversed_at',
  'failure_reason',
  'redemption_instructions',
] as const;

function inAnswerOrder(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ORDER_ANSWER_FIELDS) if (data[k] !== undefined) out[k] = data[k];
  for (const k of Object.keys(data)) if (!(k in out)) out[k] = data[k];
  return out;
}

export function orderEnvelope(p: AnsweredPurchase) {
  return {
    status: publicStatusOf(p.state),
    response_code: responseCodeOf(p.state),
    response_message: purchaseMessage(p),
    data: inAnswerOrder(
      p.state === 'reversed'
        ? Object.assign(orderData(p), { reversed: true, reversed_at: sqlTime(p.reversedAt ?? p.updatedAt) })
        : orderData(p),
    ),
  };
}
