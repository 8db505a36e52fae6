import type { Purchase } from '../store/purchases.js';
import { koboToApiNaira } from '../../common/money.js';
import { responseCodeOf } from '../domain/purchase-state.js';

/** A purchase as operators see it (CLI, console): everything but internals. */
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
    result: p.result,
    failure_reason: p.failureReason,
    upstream: p.upstreamName,
    upstream_reference: p.upstreamReference,
    needs_attention: p.needsAttention,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}
