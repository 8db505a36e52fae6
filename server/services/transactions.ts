import type { Services, Caller } from './context.js';
import { Forbidden, InvalidInput } from '../domain/errors.js';
import { parseNaira } from '../domain/money.js';
import { koboToApiNaira } from '../../common/money.js';
import {
  isBillProduct,
  parseBillNetwork,
  parseCustomerId,
  parseMsisdn,
  parseProduct,
  parseTelco,
  type TransactionProduct,
} from '../domain/networks.js';
import { resolveBillPlan, resolveDataPlan } from '../domain/plan-resolution.js';
import { ngnPriceKobo } from '../domain/fx-pricing.js';
import type { NewPurchase, Purchase } from '../store/purchases.js';
import { parseIdempotencyKey, placePurchase, type PlaceOptions } from './place-purchase.js';
import { verifyBillCustomer } from './bill-verify.js';
import { debitFor } from './pricing.js';
import { merchantPriceKobo } from './order-pricing.js';
import { ESIM_REDEMPTION_PRODUCT } from '../domain/esim-sale.js';

export type Surface = 'v1' | 'ext' | 'internal';
/** auto: airtime/data async, bills sync (v1, internal) or async (ext). */
export type CreateMode = 'auto' | 'sync' | 'async';

export interface CreateOptions {
  surface: Surface;
  mode: CreateMode;
  forcedProduct?: 'airtime' | 'data';
  /** The internal API names the plan field `plan` instead of `plan_code`. */
  planField?: 'plan_code' | 'plan';
}

export function checkMerchantCode(caller: Caller, value: unknown): void {
  if (typeof value !== 'string' || value === '')
    throw new InvalidInput('merchant_code is required', 'merchant_code');
  if (value !== caller.merchant.code) throw new Forbidden(foreignMerchantCode(caller, value));
}

/**
 * The refusal of a merchant_code that is not the credential's own. Codes are compared exactly
 * (the key's stored body holds it as sent); the credential's own code in other letters is named,
 * so an integrator who wrote `demo` learns what to send rather than that it is someone else's.
 */
export function foreignMerchantCode(caller: Caller, value: unknown): string {
  return typeof value === 'string' && value.toUpperCase() === caller.merchant.code
    ? `merchant_code must be ${caller.merchant.code} for this credential, in capitals as it was issued`
    : 'merchant_code does not belong to this credential';
}

export function checkLiveBillEnabled(caller: Caller, product: string): void {
  if (
    caller.environment === 'live' &&
    isBillProduct(product) &&
    !caller.merchant.liveBills.includes(product)
  ) {
    throw new Forbidden(
      `${product} is not enabled for live on this merchant profile; ask your account manager to enable it`,
    );
  }
}

type Body = Record<string, unknown>;
/** What every product family's purchase carries, known once the common fields are read. */
type Base = Pick<
  NewPurchase,
  | 'merchantId'
  | 'environment'
  | 'idemKey'
  | 'kind'
  | 'surface'
  | 'actor'
  | 'agentUserId'
  | 'amountText'
  | 'amountKobo'
>;
interface Ctx {
  s: Services;
  caller: Caller;
  body: Body;
  opts: CreateOptions;
  base: Base;
  planField: 'plan_code' | 'plan';
  planSent: unknown;
}

/**
 * Validates a create request into a new purchase (DESIGN "Purchase lifecycle" step 1): the
 * fields every product shares here, then the product family's own rules. Nothing is stored.
 */
async function validateCreate(
  s: Services,
  caller: Caller,
  body: Body,
  opts: CreateOptions,
): Promise<NewPurchase> {
  checkMerchantCode(caller, body.merchant_code);
  const key = parseIdempotencyKey(body.client_request_id, 'client_request_id');
  const product: TransactionProduct = opts.forcedProduct ?? parseProduct(body.product);
  if (opts.forcedProduct && body.product !== undefined && body.product !== opts.forcedProduct) {
    throw new InvalidInput(`product must be ${opts.forcedProduct} on this route`, 'product');
  }
  const amountKobo = parseNaira(body.amount, 'amount');
  const planField = opts.planField ?? 'plan_code';
  const ctx: Ctx = {
    s,
    caller,
    body,
    opts,
    planField,
    planSent: body[planField],
    base: {
      merchantId: caller.merchant.id,
      environment: caller.environment,
      idemKey: key,
      kind: 'transaction',
      surface: opts.surface,
      actor: caller.actor,
      agentUserId: caller.agentUserId ?? null,
      amountText: body.amount as string,
      amountKobo,
    },
  };
  if (product === 'airtime') return validateAirtime(ctx);
  if (product === 'data') return validateData(ctx);
  if (product === ESIM_REDEMPTION_PRODUCT) return validateEsimRedemption(ctx);
  return validateBill(ctx, product);
}

// New purchases are built with Object.assign, not `{ ...base, … }`: on Node 20 (V8 11.3) a
// spread followed by more properties gives every object a hidden class of its own (2–6 µs
// each), and each later read of the object then misses V8's caches (README, performance).

/** Airtime: any amount within the catalog's airtime limits. */
function validateAirtime({ s, caller, body, base }: Ctx): NewPurchase {
  const network = parseTelco(body.network);
  parseMsisdn(body.customer_msisdn);
  const { airtimeMinKobo: min, airtimeMaxKobo: max } = s.catalog.get().limits;
  if (base.amountKobo < min || base.amountKobo > max)
    throw new InvalidInput(
      `airtime amount must be between ${koboToApiNaira(min)} and ${koboToApiNaira(max)}`,
      'amount',
    );
  return Object.assign({}, base, {
    product: 'airtime',
    network,
    msisdn: body.customer_msisdn as string,
    planRef: '',
    debitKobo: debitFor(s, caller, 'airtime', network, base.amountKobo),
  });
}

/** Data: a catalog plan of the network, at exactly its price. */
function validateData({ s, caller, body, base, planField, planSent }: Ctx): NewPurchase {
  const network = parseTelco(body.network);
  parseMsisdn(body.customer_msisdn);
  if (planSent === undefined || planSent === null || planSent === '')
    throw new InvalidInput(`${planField} is required for data`, planField);
  if (typeof planSent !== 'string')
    throw new InvalidInput(`${planField} must be a string, e.g. "MTN-101"`, planField);
  const plan = resolveDataPlan(s.catalog.get().dataPlans, network, planSent, planField);
  if (plan.price_kobo !== base.amountKobo) {
    throw new InvalidInput(
      `amount must equal the plan price of ${koboToApiNaira(plan.price_kobo)} for ${plan.plan_code}`,
      'amount',
    );
  }
  return Object.assign({}, base, {
    product: 'data',
    network,
    msisdn: body.customer_msisdn as string,
    planRef: planSent,
    planId: plan.plan_code,
    planName: plan.name,
    details: { plan_code: plan.plan_code },
    debitKobo: debitFor(s, caller, 'data', network, base.amountKobo),
  });
}

/** Gift-card redemption into an eSIM: plan_code is an eSIM catalog plan_id, amount its price for this merchant. */
function validateEsimRedemption({ s, caller, body, base, planField, planSent }: Ctx): NewPurchase {
  const catalog = s.catalog.get();
  const planId = typeof planSent === 'string' ? planSent : '';
  const plan = catalog.esimPlans.find((p) => p.plan_id === planId && p.active);
  if (!plan)
    throw new InvalidInput(`${planField} must be an eSIM plan_id from GET /v1/esim/catalog`, planField);
  const list = ngnPriceKobo(plan.price, plan.currency_code, catalog.fx);
  if (list === null) throw new InvalidInput('this eSIM plan has no NGN price configured', planField);
  // The eSIM catalog shows this merchant's price (ngn_price is what is debited): amount must equal it, and it is the debit.
  const price = merchantPriceKobo(s, caller, 'esim', list);
  if (price !== base.amountKobo)
    throw new InvalidInput(`amount must equal the eSIM plan price of ${koboToApiNaira(price)}`, 'amount');
  const msisdn = typeof body.customer_msisdn === 'string' ? body.customer_msisdn : '';
  if (msisdn) parseMsisdn(msisdn);
  return Object.assign({}, base, {
    product: ESIM_REDEMPTION_PRODUCT,
    network: typeof body.network === 'string' ? body.network.toUpperCase() : '',
    msisdn,
    planRef: planId,
    planId,
    planName: plan.title,
    debitKobo: price,
  });
}

/** Bills: a catalog plan, the amount within its (or the meter's) limits, and the customer verified. */
async function validateBill(
  { s, caller, body, opts, base, planField, planSent }: Ctx,
  product: 'ELECTRICITY' | 'CABLE' | 'BETTING',
): Promise<NewPurchase> {
  const amountKobo = base.amountKobo;
  const network = parseBillNetwork(product, body.network);
  const customerId = parseCustomerId(body.customer_msisdn);
  const plan = resolveBillPlan(s.catalog.get().billPlans, product, network, planSent, planField);
  let phone: string | null = null;
  if (product === 'BETTING' && opts.surface === 'v1') {
    if (body.phone === undefined || body.phone === '')
      throw new InvalidInput('phone (the customer mobile number) is required for betting', 'phone');
  }
  if (body.phone !== undefined && body.phone !== '' && body.phone !== null)
    phone = parseMsisdn(body.phone, 'phone');
  checkLiveBillEnabled(caller, product);
  if (plan.amount_type === 'fixed' && plan.price_kobo !== amountKobo) {
    throw new InvalidInput(
      `amount must equal the plan price of ${koboToApiNaira(plan.price_kobo)} for ${plan.name}`,
      'amount',
    );
  }
  if (plan.amount_type === 'range' && product !== 'ELECTRICITY') {
    if (amountKobo < plan.price_kobo || (plan.max_kobo !== null && amountKobo > plan.max_kobo)) {
      throw new InvalidInput(
        `amount must be between ${koboToApiNaira(plan.price_kobo)} and ${koboToApiNaira(plan.max_kobo ?? plan.price_kobo)}`,
        'amount',
      );
    }
  }
  const verified = await verifyBillCustomer(s, caller, product, network, customerId, plan);
  if (product === 'ELECTRICITY') {
    // A meter reporting 0 as a limit means "no limit of its own": the catalog floor/ceiling apply.
    const min =
      Number(verified.min_amount ?? 0) > 0
        ? parseNaira(String(verified.min_amount), 'min_amount')
        : plan.price_kobo;
    const max =
      Number(verified.max_amount ?? 0) > 0
        ? parseNaira(String(verified.max_amount), 'max_amount')
        : (plan.max_kobo ?? Number.MAX_SAFE_INTEGER);
    if (amountKobo < min || amountKobo > max) {
      throw new InvalidInput(
        `amount must be between ${koboToApiNaira(min)} and ${koboToApiNaira(max)} for this meter`,
        'amount',
      );
    }
  }
  return Object.assign({}, base, {
    product,
    network,
    msisdn: customerId,
    phone,
    planRef: String(planSent),
    planId: String(plan.id),
    planName: plan.name,
    details: {
      meter_type: plan.meter_type,
      customer_name: verified.customer_name,
      customer_address: verified.customer_address,
      customer_username: verified.customer_username,
    },
    debitKobo: debitFor(s, caller, product, network, amountKobo),
  });
}

/**
 * Creates a transaction through placePurchase. Bills are final on create everywhere except the
 * older /ext/service/v1 prefix, the one surface the spec lets answer 02 first (spec "Other";
 * "Bill products never answer 02 on create"); sync creates wait up to the configured timeout.
 */
export function createTransaction(
  s: Services,
  caller: Caller,
  body: unknown,
  opts: CreateOptions,
  place: PlaceOptions = {},
): Promise<{ purchase: Purchase; waited: boolean }> {
  return placePurchase(
    s,
    caller,
    body,
    {
      keyField: 'client_request_id',
      validate: () => validateCreate(s, caller, body as Body, opts),
      wait: (input) =>
        opts.mode === 'sync' ||
        (opts.mode === 'auto' && isBillProduct(input.product) && opts.surface !== 'ext')
          ? 'final'
          : 'none',
      noRouteMessage: (input) =>
        `No provider is configured for live ${input.product} ${input.network}; nothing was charged`,
      // Airtime and data are priced from the catalog; a bill's customer is verified upstream.
      judgedLocally: (b) =>
        opts.forcedProduct !== undefined || b.product === 'airtime' || b.product === 'data',
    },
    place,
  );
}
