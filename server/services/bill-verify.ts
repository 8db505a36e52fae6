import type { Services, Caller } from './context.js';
import { CustomerRejected, InvalidInput, NoRoute, ProvidersPaused } from '../domain/errors.js';
import { parseBillNetwork, parseCustomerId, type BillProduct } from '../domain/networks.js';
import { resolveBillPlan } from '../domain/plan-resolution.js';
import type { BillPlan } from '../store/catalog.js';
import type { Upstream, VerifyRequest, VerifyResult } from '../upstreams/types.js';
import { koboToApiNaira } from '../../common/money.js';

export interface VerifyInput {
  merchant_code?: unknown;
  customer_msisdn?: unknown;
  network?: unknown;
  product?: unknown;
  plan_code?: unknown;
  service_id?: unknown;
}

/**
 * Verifies a bill customer with the upstreams that would vend the purchase, in the same route
 * order; no charge. A provider that cannot answer (down, refusing our key, a broken answer)
 * hands over to the next, as a vend does; a biller's rejection of the customer is an answer
 * and ends it.
 */
export async function verifyBillCustomer(
  s: Services,
  caller: Caller,
  product: BillProduct,
  network: string,
  customerId: string,
  plan: BillPlan,
): Promise<VerifyResult> {
  const upstreams = s.router.available(caller.environment, 'transaction', product, network);
  const pausedMs = upstreams.length
    ? null
    : s.router.pausedFor(caller.environment, 'transaction', product, network);
  if (pausedMs !== null) throw new ProvidersPaused(`${product} ${network}`, pausedMs);
  const result = await firstAnswer(upstreams, {
    product,
    network,
    customerId,
    planId: String(plan.id),
    meterType: plan.meter_type,
  });
  const present = Object.fromEntries(
    Object.entries(result).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as VerifyResult;
  return product === 'ELECTRICITY' ? withPurchaseLimits(present, plan) : present;
}

async function firstAnswer(upstreams: Upstream[], request: VerifyRequest): Promise<VerifyResult> {
  for (const [i, upstream] of upstreams.entries()) {
    try {
      return await upstream.verify(request);
    } catch (err) {
      if (err instanceof CustomerRejected || i === upstreams.length - 1) throw err;
    }
  }
  throw new NoRoute(`No provider is configured for live ${request.product} ${request.network}`);
}

/**
 * Spec "Bill verify result": electricity always carries min_amount / max_amount, the purchase
 * limits; where the meter reports 0 (or nothing) the catalog floor and ceiling are used.
 */
function withPurchaseLimits(result: VerifyResult, plan: BillPlan): VerifyResult {
  const out = { ...result };
  if (!(Number(out.min_amount) > 0)) out.min_amount = koboToApiNaira(plan.price_kobo);
  if (!(Number(out.max_amount) > 0)) {
    if (plan.max_kobo !== null) out.max_amount = koboToApiNaira(plan.max_kobo);
    else delete out.max_amount;
  }
  return out;
}

/** POST /v1/transactions/verify: validates the body, then asks the biller. */
export async function verifyFromRequest(
  s: Services,
  caller: Caller,
  body: VerifyInput,
): Promise<VerifyResult> {
  const product = body.product;
  if (product !== 'ELECTRICITY' && product !== 'CABLE' && product !== 'BETTING') {
    throw new InvalidInput('product must be ELECTRICITY, CABLE or BETTING', 'product');
  }
  const hasPlan = body.plan_code !== undefined && body.plan_code !== null && body.plan_code !== '';
  const hasService = body.service_id !== undefined && body.service_id !== null && body.service_id !== '';
  if (hasPlan === hasService)
    throw new InvalidInput('send exactly one of plan_code or service_id', 'plan_code');
  const network = parseBillNetwork(product, body.network);
  const customerId = parseCustomerId(body.customer_msisdn);
  const field = hasPlan ? 'plan_code' : 'service_id';
  const plan = resolveBillPlan(
    s.catalog.get().billPlans,
    product,
    network,
    hasPlan ? body.plan_code : body.service_id,
    field,
  );
  return verifyBillCustomer(s, caller, product, network, customerId, plan);
}
