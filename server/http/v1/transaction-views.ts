import { PROVIDER_FIELDS, TOKEN_FIELDS } from '../../domain/result-fields.js';
import type { Purchase } from '../../store/purchases.js';
import { publicStatusOf, responseCodeOf, responseMessageOf } from '../../domain/purchase-state.js';

export type TransactionView = 'async-create' | 'sync-create' | 'status' | 'list';

/** "2026-01-02T03:04:05Z": the sync create's RFC 3339 form. */
export const rfc3339 = (iso: string) => `${iso.slice(0, 19)}Z`;
/** "2026-01-02 03:04:05": status and list rows, UTC. */
export const sqlTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

const RESULT_FIELDS = [...TOKEN_FIELDS, ...PROVIDER_FIELDS, 'iccid', 'lpa'] as const;

/** The transaction `data` object exactly as the spec's table says, per view. */
export function transactionData(
  p: Purchase,
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
export function purchaseMessage(p: Purchase): string {
  if (p.state === 'reversed' && p.reversalReason) return `Reversed: ${p.reversalReason}`;
  return responseMessageOf(p.state);
}

export function transactionEnvelope(p: Purchase, view: TransactionView, merchantName: string) {
  return {
    status: publicStatusOf(p.state),
    response_code: responseCodeOf(p.state),
    response_message: purchaseMessage(p),
    data: transactionData(p, view, merchantName),
  };
}
