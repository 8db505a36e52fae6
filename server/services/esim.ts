import type { Services, Caller } from './context.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { koboToApiNaira, type Kobo } from '../../common/money.js';
import { ngnPriceKobo, type FxConfig } from '../domain/fx-pricing.js';
import { MAX_ESIM_REQUEST_ID_LENGTH, parseCountryFilter } from '../domain/order-rules.js';
import type { EsimPlan } from '../store/catalog.js';
import type { NewPurchase, Purchase } from '../store/purchases.js';
import { vendRequestOf } from '../upstreams/types.js';
import { isPng, lpaQrPng } from '../upstreams/lpa-qr.js';
import { parseIdempotencyKey, type PlaceOptions } from './place-purchase.js';
import { merchantPriceKobo, merchantPricer } from './order-pricing.js';
import { placeOrder, readOrder } from './order-lifecycle.js';
import { deliversEsim } from '../domain/esim-sale.js';

/** An eSIM catalog item exactly as the spec names it; ngn_price when an FX rate exists. */
export type EsimItem = Omit<EsimPlan, 'price' | 'active'> & { ngn_price?: string };

export function esimItem(plan: EsimPlan, fx: FxConfig): EsimItem {
  const item: EsimItem = {
    plan_id: plan.plan_id,
    title: plan.title,
    country: plan.country,
    region: plan.region,
    data_gb: plan.data_gb,
    duration_days: plan.duration_days,
    currency_code: plan.currency_code,
  };
  const price = ngnPriceKobo(plan.price, plan.currency_code, fx);
  if (price !== null) item.ngn_price = koboToApiNaira(price);
  return item;
}

export interface EsimFilters {
  country?: string;
  region?: string;
  search?: string;
}

/**
 * Catalog filters: country exact ISO-2 (any case), region substring, search across
 * title/country/region/plan id. Prices are the caller's (see order-pricing.ts).
 */
export function listEsimPlans(s: Services, caller: Caller, f: EsimFilters): EsimItem[] {
  const country = parseCountryFilter(f.country);
  const region = (f.region ?? '').trim().toLowerCase();
  const search = (f.search ?? '').trim().toLowerCase();
  const listed = s.catalog.rendered('esim:items', (c) =>
    c.esimPlans
      .filter((p) => p.active)
      .map((p) => ({ item: esimItem(p, c.fx), kobo: ngnPriceKobo(p.price, p.currency_code, c.fx) })),
  );
  const pricer = merchantPricer(s, caller, 'esim');
  const all = pricer
    ? listed.map(({ item, kobo }) =>
        kobo === null ? item : Object.assign({}, item, { ngn_price: koboToApiNaira(pricer(kobo)) }),
      )
    : listed.map((l) => l.item);
  return all.filter(
    (i) =>
      (!country || i.country === country) &&
      (!region || i.region.toLowerCase().includes(region)) &&
      (!search || [i.title, i.country, i.region, i.plan_id].some((v) => v.toLowerCase().includes(search))),
  );
}

function findActive(s: Services, planId: string): EsimPlan | undefined {
  return s.catalog.get().esimPlans.find((p) => p.plan_id === planId && p.active);
}

/** GET /v1/esim/plans/{plan_id}: the catalog item; an unknown or retired plan is 404. */
export function esimPlan(s: Services, caller: Caller, planId: string): EsimItem {
  const plan = findActive(s, planId);
  if (!plan) throw new NotFound(`No active eSIM plan ${planId}; see GET /v1/esim/catalog`);
  const item = esimItem(plan, s.catalog.get().fx);
  return item.ngn_price === undefined
    ? item
    : Object.assign({}, item, { ngn_price: koboToApiNaira(priceOf(s, caller, plan)) });
}

/** The caller's NGN price of a plan: catalog ngn_price, quote ngn_amount, order amount and debit. */
export function priceOf(s: Services, caller: Caller, plan: EsimPlan): Kobo {
  const price = ngnPriceKobo(plan.price, plan.currency_code, s.catalog.get().fx);
  if (price === null)
    throw new InvalidInput(
      `no NGN rate is configured for ${plan.currency_code}; this plan cannot be priced`,
      'plan_id',
    );
  return merchantPriceKobo(s, caller, 'esim', price);
}

/** The same pricing basis as the catalog's ngn_price and the order amount. */
export function esimQuote(s: Services, caller: Caller, planId: string) {
  const plan = findActive(s, planId);
  if (!plan) throw new NotFound(`No active eSIM plan ${planId}; see GET /v1/esim/catalog`);
  return {
    plan_id: plan.plan_id,
    title: plan.title,
    ngn_amount: koboToApiNaira(priceOf(s, caller, plan)),
    currency_code: plan.currency_code,
  };
}

/** POST /v1/esim/orders: request_id of at most 40 characters, a catalog plan_id. */
export async function createEsimOrder(
  s: Services,
  caller: Caller,
  body: unknown,
  place: PlaceOptions = {},
): Promise<Purchase> {
  return placeOrder(
    s,
    caller,
    body,
    (b) => validateEsimOrder(s, caller, b),
    place,
    MAX_ESIM_REQUEST_ID_LENGTH,
  );
}

function validateEsimOrder(s: Services, caller: Caller, body: Record<string, unknown>): NewPurchase {
  const requestId = parseIdempotencyKey(body.request_id, 'request_id', MAX_ESIM_REQUEST_ID_LENGTH);
  // The spec's eSIM body has no quantity; one sent as on gift cards must not buy one eSIM
  // while the integrator bills its customer for several.
  if (body.quantity !== undefined && body.quantity !== 1)
    throw new InvalidInput(
      'quantity must be 1 or left out: an eSIM order is one eSIM (place one order per eSIM)',
      'quantity',
    );
  if (typeof body.plan_id !== 'string' || body.plan_id === '')
    throw new InvalidInput('plan_id is required: an eSIM catalog plan_id (a string)', 'plan_id');
  const plan = findActive(s, body.plan_id);
  if (!plan)
    throw new InvalidInput(
      `plan_id ${body.plan_id} is not an active eSIM plan; see GET /v1/esim/catalog`,
      'plan_id',
    );
  const price = priceOf(s, caller, plan);
  return {
    merchantId: caller.merchant.id,
    environment: caller.environment,
    idemKey: requestId,
    kind: 'esim',
    surface: 'v1',
    product: 'esim',
    network: '',
    msisdn: '',
    planRef: plan.plan_id,
    planId: plan.plan_id,
    planName: plan.title,
    amountText: koboToApiNaira(price),
    amountKobo: price,
    debitKobo: price,
    details: {
      country: plan.country,
      region: plan.region,
      data_gb: plan.data_gb,
      duration_days: plan.duration_days,
      currency_code: plan.currency_code,
    },
    actor: caller.actor,
    agentUserId: caller.agentUserId ?? null,
  };
}

export function readEsimOrder(s: Services, caller: Caller, requestId: string): Promise<Purchase> {
  return readOrder(s, caller, requestId, (p) => p.kind === 'esim', 'eSIM order');
}

/**
 * The QR image of a successful order's LPA string. The upstream that delivered the eSIM draws
 * it when it can; otherwise it is drawn here from the stored LPA, which is what the QR
 * encodes anyway. Pending, failed and unknown orders are 404 (spec).
 */
export async function esimQrcode(s: Services, caller: Caller, requestId: string): Promise<Buffer> {
  const p = await readOrder(s, caller, requestId, deliversEsim, 'eSIM order');
  const lpa = p.state === 'success' && typeof p.result?.lpa === 'string' ? p.result.lpa : '';
  if (!lpa)
    throw new NotFound(
      `The QR code of eSIM order "${requestId}" is available once the order is successful; poll the order`,
    );
  const upstream = s.router.byName(p.environment, p.upstreamName);
  if (upstream) {
    try {
      const png = await upstream.qrcode(vendRequestOf(p), lpa);
      if (isPng(png)) return png;
    } catch {
      // The install data is ours already; a provider that cannot draw it must not block the customer.
    }
  }
  return lpaQrPng(lpa);
}
