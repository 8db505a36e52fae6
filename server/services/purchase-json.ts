import type { Purchase } from '../store/purchases.js';
import { koboToApiNaira } from '../../common/money.js';
import { responseCodeOf } from '../domain/purchase-state.js';
import { PROVIDER_FIELDS } from '../domain/result-fields.js';

/**
 * What an operator's answer shows of a delivery, by name: the provider's references and
 * messages, a token's units and customer, an eSIM's ICCID and SM-DP+ address, and a hand
 * resolution. No voucher is here (a token, a gift card's number, PIN and claim link, an eSIM's
 * activation code: store/sealed-results.ts VOUCHER_FIELDS): the console shows a token or an
 * eSIM on the sale's receipt, and gift-card codes only through its audited reveal.
 */
export const OPERATOR_RESULT_FIELDS = [
  'units',
  'customer_name',
  'customer_address',
  'payment_spent_on',
  'receipt_number',
  ...PROVIDER_FIELDS,
  'reference_code',
  'product_title',
  'iccid',
  'smdp_address',
  'redemption_instructions',
  'resolved_manually',
  'resolution_reason',
] as const;

function operatorResult(result: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!result) return null;
  const kept: Record<string, unknown> = {};
  for (const f of OPERATOR_RESULT_FIELDS) if (result[f] !== undefined) kept[f] = result[f];
  return kept;
}

/** How many gift-card codes a purchase delivered (0 for anything else). */
export function giftCardCount(p: Purchase): number {
  const cards = p.result?.cards;
  return Array.isArray(cards) ? cards.length : 0;
}

/** A purchase as operators see it (CLI, console): everything but internals and vouchers. */
export function purchaseJson(p: Purchase) {
  return {
    internal_reference: p.internalReference,
    request_id: p.idemKey,
    merchant_id: p.merchantId,
    environment: p.environment,
    kind: p.kind,
    product: p.product,
    network: p.network,
    msisdn: p.msisdn,
    plan: p.planRef,
    plan_name: p.planName,
    amount: p.amountText,
    debit: koboToApiNaira(p.debitKobo),
    quantity: p.quantity,
    status: p.state,
    response_code: responseCodeOf(p.state),
    result: operatorResult(p.result),
    failure_reason: p.failureReason,
    upstream: p.upstreamName,
    upstream_reference: p.upstreamReference,
    needs_attention: p.needsAttention,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}
