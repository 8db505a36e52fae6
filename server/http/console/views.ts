import { INSTALL_FIELDS, PROVIDER_FIELDS, TOKEN_FIELDS } from '../../domain/result-fields.js';
import type { Purchase } from '../../store/purchases.js';
import { koboToApiNaira } from '../../../common/money.js';
import { responseCodeOf } from '../../domain/purchase-state.js';
import { wasPending, type VendJob } from '../../store/vend-jobs.js';
import { deliversEsim } from '../../domain/esim-sale.js';

/** What a receipt may show from the upstream's result. Gift-card codes are not here: see revealCards. */
const RESULT_FIELDS = [
  ...TOKEN_FIELDS,
  ...PROVIDER_FIELDS,
  'receipt_number',
  'reference_code',
  ...INSTALL_FIELDS,
] as const;

const DETAIL_FIELDS = [
  'customer_name',
  'customer_address',
  'customer_username',
  'meter_type',
  'plan_code',
  'send_via',
  'destination',
  'face_value',
  'currency_code',
] as const;

function pick(source: Record<string, unknown> | null, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = source?.[f];
    if (v !== undefined && v !== null && v !== '') out[f] = String(v);
  }
  return out;
}

export function cardsOf(p: Purchase): Record<string, unknown>[] {
  const cards = p.result?.cards;
  return Array.isArray(cards) ? (cards as Record<string, unknown>[]) : [];
}

/** What the last answer about a pending vend said, as a sentence for the agent. */
export function providerSaid(job: VendJob | null): string {
  const said = job?.lastError?.trim() ?? '';
  if (!said) return '';
  if (said === 'pending') return 'The sale is still being processed.';
  if (said === 'unknown' || said === 'not_accepted') return 'No clear answer yet.';
  if (said === 'upstream no longer configured') return 'The provider of this sale is no longer set up.';
  // Transport words are the operator's business; the desk needs to know the node keeps asking.
  if (
    /answered HTTP 5\d\d|timed? ?out|ECONN|ENOTFOUND|EHOSTUNREACH|socket|circuit|Status read failed|No usable answer|not reached|did not answer/i.test(
      said,
    )
  )
    return "The provider's system did not answer properly; the node will ask again.";
  return /[.!?]$/.test(said) ? said : `${said}.`;
}

/**
 * A purchase as the console shows it on a receipt, in history and in detail: amounts as
 * Naira strings, times as ISO UTC (the page shows Lagos time), secrets of gift cards left out.
 * A pending one carries its vend job's last check, so the agent knows what the provider said.
 */
export function saleView(
  p: Purchase,
  merchantName: string,
  agent: string | null,
  job: VendJob | null,
  /** The node's --sync-wait: how long a bill or an order keeps the desk busy before it shows pending. */
  syncWaitMs: number,
) {
  return {
    reference: p.internalReference,
    request_id: p.idemKey,
    environment: p.environment,
    kind: p.kind,
    product: p.product,
    network: p.network,
    customer: p.msisdn,
    phone: p.phone ?? '',
    plan: p.planRef,
    plan_name: p.planName,
    amount: p.amountText,
    amount_kobo: p.amountKobo,
    debit: koboToApiNaira(p.debitKobo),
    quantity: p.quantity,
    status: p.state,
    response_code: responseCodeOf(p.state),
    failure_reason: p.failureReason ?? '',
    details: pick(p.details, DETAIL_FIELDS),
    // A reversed sale keeps the provider's reference and message (what a dispute quotes).
    result:
      p.state === 'success'
        ? pick(p.result, RESULT_FIELDS)
        : p.state === 'reversed'
          ? pick(p.result, PROVIDER_FIELDS)
          : {},
    cards_count: p.state === 'success' ? cardsOf(p).length : 0,
    has_qr: p.state === 'success' && deliversEsim(p) && typeof p.result?.lpa === 'string',
    merchant_name: merchantName,
    agent: agent ?? '',
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    last_checked_at:
      p.state === 'pending' && job?.lastCheckedAt ? new Date(job.lastCheckedAt).toISOString() : '',
    provider_said: p.state === 'pending' ? providerSaid(job) : '',
    // Only on a pending sale: whether the desk may say it "has been sent" (see the schema).
    ...(p.state === 'pending' ? { provider_acknowledged: job?.providerAcknowledged ?? false } : {}),
    // Only on a reversed sale, so every other answer stays as it was.
    ...(p.state === 'reversed'
      ? { reversed_at: p.reversedAt ?? '', reversal_reason: p.reversalReason ?? '' }
      : {}),
    // A failed sale the agent first saw pending: the desk may have taken the customer's money.
    ...(p.state === 'failed' ? { was_pending: wasPending(job, p, syncWaitMs) } : {}),
  };
}

export type SaleView = ReturnType<typeof saleView>;
