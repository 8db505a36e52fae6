import type { Services, Caller } from './context.js';
import { InvalidInput, ProvidersPaused } from '../domain/errors.js';
import { koboToApiNaira, type Kobo } from '../../common/money.js';
import { ngnPriceKobo, type FxConfig } from '../domain/fx-pricing.js';
import {
  GIFTCARD_CURRENCIES,
  STOCK,
  checkPurchasable,
  faceValueOf,
  parseDelivery,
  parseGiftcardPlanId,
  parseQuantity,
} from '../domain/order-rules.js';
import type { GiftCardPlan } from '../store/catalog.js';
import type { NewPurchase, Purchase } from '../store/purchases.js';
import { parseIdempotencyKey, type PlaceOptions } from './place-purchase.js';
import { merchantPriceKobo, merchantPricer } from './order-pricing.js';
import { placeOrder, readOrder } from './order-lifecycle.js';

/** A gift-card catalog item exactly as the spec's table names it. */
export interface GiftcardItem {
  plan_id: number;
  title: string;
  brand: string;
  region: string;
  ui_category: string;
  face_value?: number;
  min_price?: number;
  max_price?: number;
  currency_code: string;
  ngn_price?: string;
  fixed_price: boolean;
  featured: boolean;
}

/**
 * A catalog item at list price. Variable-price plans show their lowest price (at min_price):
 * it is what a card costs from, and the quote/order at that face value agree with it.
 */
export function giftcardItem(plan: GiftCardPlan, fx: FxConfig): GiftcardItem {
  const item: GiftcardItem = {
    plan_id: plan.plan_id,
    title: plan.title,
    brand: plan.brand,
    region: plan.region,
    ui_category: plan.ui_category,
    currency_code: plan.currency_code,
    fixed_price: plan.fixed_price === 1,
    featured: plan.featured === 1,
  };
  if (plan.fixed_price) item.face_value = plan.face_value ?? 0;
  else {
    item.min_price = plan.min_price ?? 0;
    item.max_price = plan.max_price ?? item.min_price;
  }
  const price = listPriceKobo(plan, plan.fixed_price ? (plan.face_value ?? 0) : (plan.min_price ?? 0), fx);
  if (price !== null) item.ngn_price = koboToApiNaira(price);
  return item;
}

/**
 * The console's catalog: the /v1 items plus each plan's fulfilment, so an agent sees a card is
 * out of stock in the list instead of after choosing it. /v1 keeps the spec's fields only.
 */
export function listGiftcardsWithStock(
  s: Services,
  caller: Caller,
  f: GiftcardFilters,
): (GiftcardItem & { fulfillment: GiftCardPlan['fulfillment'] })[] {
  const fulfilment = s.catalog.rendered(
    'giftcards:fulfilment',
    (c) => new Map(c.giftcards.map((p) => [p.plan_id, p.fulfillment])),
  );
  return listGiftcards(s, caller, f).map((i) =>
    Object.assign({}, i, { fulfillment: fulfilment.get(i.plan_id) ?? 'out_of_stock' }),
  );
}

/** NGN per card at list price (FX rate plus margin), before the merchant's terms. */
function listPriceKobo(plan: GiftCardPlan, faceValue: number, fx: FxConfig): Kobo | null {
  return ngnPriceKobo(faceValue, plan.currency_code, fx);
}

export interface GiftcardFilters {
  search?: string;
  brand?: string;
  currency?: string;
  category?: string;
  featured?: string;
  region?: string;
}

const lower = (v: string | undefined) => (v ? v.trim().toLowerCase() : '');

/** The catalog with the spec's filters (and `region`, an addition): active plans only, at the caller's prices. */
export function listGiftcards(s: Services, caller: Caller, f: GiftcardFilters): GiftcardItem[] {
  const currency = f.currency ? f.currency.toUpperCase() : '';
  if (currency && !(GIFTCARD_CURRENCIES as readonly string[]).includes(currency)) {
    throw new InvalidInput(`currency must be one of ${GIFTCARD_CURRENCIES.join(', ')}`, 'currency');
  }
  if (f.featured !== undefined && f.featured !== '' && f.featured !== 'true' && f.featured !== 'false') {
    throw new InvalidInput('featured must be true or false', 'featured');
  }
  // Rendered once per catalog snapshot; filters and the merchant's terms run per request over 100-odd rows.
  const listed = s.catalog.rendered('giftcards:items', (c) =>
    c.giftcards
      .filter((p) => p.active)
      .map((p) => ({
        item: giftcardItem(p, c.fx),
        kobo: listPriceKobo(p, p.fixed_price ? (p.face_value ?? 0) : (p.min_price ?? 0), c.fx),
      })),
  );
  const pricer = merchantPricer(s, caller, 'giftcard');
  const all = pricer
    ? listed.map(({ item, kobo }) =>
        kobo === null ? item : Object.assign({}, item, { ngn_price: koboToApiNaira(pricer(kobo)) }),
      )
    : listed.map((l) => l.item);
  const search = lower(f.search);
  const brand = lower(f.brand);
  const category = lower(f.category);
  const region = lower(f.region);
  return all.filter(
    (i) =>
      (!search ||
        i.title.toLowerCase().includes(search) ||
        i.ui_category.toLowerCase().includes(search) ||
        i.brand.toLowerCase().includes(search)) &&
      (!brand || i.brand.toLowerCase() === brand) &&
      (!currency || i.currency_code === currency) &&
      (!category || i.ui_category.toLowerCase() === category) &&
      (!region || i.region.toLowerCase() === region) &&
      (f.featured !== 'true' || i.featured),
  );
}

/** An active plan, or the spec's 400 "invalid plan_id". */
export function activeGiftcard(s: Services, planIdValue: unknown): GiftCardPlan {
  const planId = parseGiftcardPlanId(planIdValue);
  const plan = s.catalog.get().giftcards.find((p) => p.plan_id === planId && p.active);
  if (!plan)
    throw new InvalidInput(
      `plan_id ${planId} is not an active gift-card plan; see GET /v1/giftcards/catalog`,
      'plan_id',
    );
  return plan;
}

/** The caller's NGN price per card at a face value: what the catalog, quote and order show. */
function unitPriceOrThrow(s: Services, caller: Caller, plan: GiftCardPlan, faceValue: number): Kobo {
  const price = listPriceKobo(plan, faceValue, s.catalog.get().fx);
  if (price === null)
    throw new InvalidInput(
      `no NGN rate is configured for ${plan.currency_code}; this plan cannot be priced`,
      'plan_id',
    );
  return merchantPriceKobo(s, caller, 'giftcard', price);
}

/**
 * Quote data (DESIGN "API decisions"): plan_id, ngn_amount per card, currency_code,
 * face_value. A variable plan quoted without face_value is quoted at its minimum; a fixed
 * plan's face_value is judged as the order judges it, so a quote never prices what the
 * order would refuse.
 */
export function quoteGiftcard(s: Services, caller: Caller, planIdValue: unknown, faceValue: unknown) {
  const plan = activeGiftcard(s, planIdValue);
  const face = faceValueOf(plan, faceValue);
  return {
    plan_id: plan.plan_id,
    ngn_amount: koboToApiNaira(unitPriceOrThrow(s, caller, plan, face)),
    currency_code: plan.currency_code,
    face_value: face,
  };
}

/**
 * Availability from the catalog's stock value. On test credentials the answer is the same:
 * "availability always succeeds" (the call does), and the seeded out_of_stock/preorder plans
 * say so, which lets integrators test the rejection path.
 */
export function giftcardAvailability(
  s: Services,
  caller: Caller,
  planIdValue: unknown,
  quantityValue: unknown,
) {
  const plan = activeGiftcard(s, planIdValue);
  const quantity = parseQuantity(quantityValue, true);
  // Stock means nothing when no live provider could fill the order: say so before the order is
  // refused, as the spec's "cannot be bought" value, not the catalog's "immediate" beside available: false.
  if (caller.environment === 'live' && !s.router.hasLiveRoute('giftcard'))
    return {
      available: false,
      detail: 'Gift cards cannot be ordered in live: no provider is set up for them on this node',
      fulfillment: 'out_of_stock' as const,
    };
  // Every live provider paused after failures: the order would be refused (503), so this is too.
  const pausedMs =
    caller.environment === 'live' ? s.router.pausedFor('live', 'giftcard', 'giftcard', '') : null;
  if (pausedMs !== null) throw new ProvidersPaused('gift cards', pausedMs);
  const stock = STOCK[plan.fulfillment] ?? STOCK.out_of_stock;
  const detail = stock.purchasable ? `${stock.detail} (quantity ${quantity})` : stock.detail;
  return { available: stock.purchasable, detail, fulfillment: plan.fulfillment };
}

/** POST /v1/giftcards/orders: validate, price, then the shared order lifecycle. */
export async function createGiftcardOrder(
  s: Services,
  caller: Caller,
  body: unknown,
  place: PlaceOptions = {},
): Promise<Purchase> {
  return placeOrder(s, caller, body, (b) => validateGiftcardOrder(s, caller, b), place);
}

function validateGiftcardOrder(s: Services, caller: Caller, body: Record<string, unknown>): NewPurchase {
  const requestId = parseIdempotencyKey(body.request_id, 'request_id');
  const plan = activeGiftcard(s, body.plan_id);
  const quantity = parseQuantity(body.quantity);
  const delivery = parseDelivery(body.send_via, body.destination);
  const faceValue = faceValueOf(plan, body.face_value);
  checkPurchasable(plan.fulfillment, plan.title);
  // Debit = the caller's ngn_price x quantity, exactly: terms are already in the unit price.
  const unit = unitPriceOrThrow(s, caller, plan, faceValue);
  const total = unit * quantity;
  const details: Record<string, unknown> = {
    currency_code: plan.currency_code,
    unit_ngn_price: koboToApiNaira(unit),
    fulfillment: plan.fulfillment,
    ...(plan.fixed_price ? {} : { face_value: faceValue }),
    ...(delivery ?? {}),
  };
  return {
    merchantId: caller.merchant.id,
    environment: caller.environment,
    idemKey: requestId,
    kind: 'giftcard',
    surface: 'v1',
    product: 'giftcard',
    network: '',
    msisdn: '',
    planRef: String(plan.plan_id),
    planId: String(plan.plan_id),
    planName: plan.title,
    amountText: koboToApiNaira(total),
    amountKobo: total,
    debitKobo: total,
    quantity,
    details,
    actor: caller.actor,
    agentUserId: caller.agentUserId ?? null,
  };
}

export function readGiftcardOrder(s: Services, caller: Caller, requestId: string): Promise<Purchase> {
  return readOrder(s, caller, requestId, (p) => p.kind === 'giftcard', 'gift card order');
}
