import { koboToApiNaira } from '../../../common/money.js';
import type { TransactionListQuery, VendRequest, VerifyRequest } from '../types.js';
import type { HttpMethod } from './client.js';
import { deliversEsim } from '../../domain/esim-sale.js';

/** One call to the provider's /v1 surface, built from a purchase; pure. */
export interface ApiCall {
  method: HttpMethod;
  path: string;
  body?: Record<string, unknown>;
}

export const DATA_NETWORKS = ['mtn', 'glo', 'airtel', '9mobile'] as const;
export const BILL_PRODUCTS = ['electricity', 'cable', 'betting'] as const;

/** Gift-card redemption into an eSIM (product ESIM) is ordered like an eSIM. */
export function isEsim(req: VendRequest): boolean {
  return deliversEsim(req);
}

const seg = encodeURIComponent;

/**
 * The create call for a purchase, or why it cannot be built. An invalid request is refused
 * here, before anything is sent, so it is safe to try another upstream.
 */
export function vendCallOf(req: VendRequest, merchantCode: string): ApiCall | { invalid: string } {
  if (isEsim(req)) {
    if (!req.planId) return { invalid: 'eSIM order without a plan_id' };
    return {
      method: 'POST',
      path: '/v1/esim/orders',
      body: { request_id: req.reference, plan_id: String(req.planId) },
    };
  }
  if (req.kind === 'giftcard') {
    const planId = Number(req.planId);
    if (!req.planId || !Number.isSafeInteger(planId))
      return { invalid: `gift card plan_id "${req.planId}" is not an integer` };
    const body: Record<string, unknown> = {
      request_id: req.reference,
      plan_id: planId,
      quantity: req.quantity,
    };
    for (const field of ['send_via', 'destination', 'face_value'] as const) {
      const v = req.details[field];
      if (v !== undefined && v !== null && v !== '') body[field] = v;
    }
    return { method: 'POST', path: '/v1/giftcards/orders', body };
  }
  if (!Number.isSafeInteger(req.amountKobo) || req.amountKobo <= 0)
    return { invalid: `amount ${req.amountKobo} kobo is not valid` };
  const body: Record<string, unknown> = {
    merchant_code: merchantCode,
    customer_msisdn: req.msisdn,
    network: req.network,
    product: req.product,
    amount: koboToApiNaira(req.amountKobo),
    client_request_id: req.reference,
  };
  if (req.planId) body.plan_code = req.planId;
  if (req.phone) body.phone = req.phone;
  return { method: 'POST', path: transactionPath(req.product), body };
}

/**
 * Airtime and data go to the /sync routes so a fast provider answers final at once; bills
 * are synchronous on POST /v1/transactions already.
 */
function transactionPath(product: string): string {
  const p = product.toLowerCase();
  if (p === 'airtime' || p === 'data') return `/v1/transactions/${p}/sync`;
  return '/v1/transactions';
}

/** The status/order read for a purchase: by our reference, never by the provider's id. */
export function requeryCallOf(req: VendRequest): ApiCall {
  if (isEsim(req)) return { method: 'GET', path: `/v1/esim/orders/${seg(req.reference)}` };
  if (req.kind === 'giftcard') return { method: 'GET', path: `/v1/giftcards/orders/${seg(req.reference)}` };
  return { method: 'GET', path: `/v1/transactions/status?client_request_id=${seg(req.reference)}` };
}

const STATUS_FILTER = { success: 0, failed: 1, pending: 2 } as const;

/** A page of the provider's transaction list with one status; `from`/`to` are extra filters a VendPoint node honours. */
export function listCallOf(q: TransactionListQuery): ApiCall {
  const qs = new URLSearchParams({
    page: String(q.page),
    limit: String(q.limit),
    status: String(STATUS_FILTER[q.status]),
    from: q.from,
    to: q.to,
  });
  return { method: 'GET', path: `/v1/transactions?${qs.toString()}` };
}

export function verifyCallOf(req: VerifyRequest, merchantCode: string): ApiCall {
  return {
    method: 'POST',
    path: '/v1/transactions/verify',
    body: {
      merchant_code: merchantCode,
      customer_msisdn: req.customerId,
      network: req.network,
      product: req.product,
      plan_code: req.planId,
    },
  };
}

export function qrcodePathOf(req: VendRequest): string {
  return `/v1/esim/orders/${seg(req.reference)}/qrcode`;
}

export const CATALOG_PATHS = {
  dataPlans: DATA_NETWORKS.map((n) => ({ network: n, path: `/v1/plans/${n}` })),
  billPlans: BILL_PRODUCTS.map((p) => ({ product: p, path: `/v1/plans/bills/${p}` })),
  giftcards: '/v1/giftcards/catalog',
  esimPlans: '/v1/esim/catalog',
} as const;

export const BALANCE_PATH = '/v1/wallet/balance';
