import { apiNairaToKobo } from '../../../common/money.js';
import type { FxConfig } from '../../domain/fx-pricing.js';
import {
  BILL_NETWORKS,
  BILL_PRODUCTS,
  TELCOS,
  isBillProduct,
  type BillProduct,
} from '../../domain/networks.js';
import type {
  SyncedBillPlan,
  SyncedDataPlan,
  SyncedEsimPlan,
  SyncedGiftCard,
} from '../../store/catalog-sync-store.js';
import type { CatalogSnapshot, MappedCatalog } from '../types.js';

/**
 * The provider's catalog rows read into plans (the adapter's payload mapping). Rows that do
 * not read as plans are skipped and counted per section.
 */
type Json = Record<string, unknown>;

export function mapCatalog(snapshot: CatalogSnapshot, fx: FxConfig): MappedCatalog {
  const skipped: MappedCatalog['skipped'] = {};
  const parse = <T>(
    rows: Json[] | undefined,
    section: keyof MappedCatalog['skipped'],
    one: (r: Json) => T | null,
  ) =>
    rows === undefined
      ? undefined
      : rows.flatMap((r) => {
          const parsed = one(r);
          if (parsed === null) skipped[section] = (skipped[section] ?? 0) + 1;
          return parsed === null ? [] : [parsed];
        });
  return {
    sections: Object.keys(snapshot),
    dataPlans: parse(snapshot.dataPlans, 'data', dataPlanOf),
    billPlans: parse(snapshot.billPlans, 'bills', billPlanOf),
    giftcards: parse(snapshot.giftcards, 'giftcards', giftCardOf),
    esimPlans: parse(snapshot.esimPlans, 'esim', (r) => esimPlanOf(r, fx)),
    skipped,
  };
}

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const priceKobo = (v: unknown): number | null => {
  const k = apiNairaToKobo(typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null);
  return k !== null && k > 0 ? k : null;
};

export function dataPlanOf(r: Json): SyncedDataPlan | null {
  const network = text(r.network)?.toUpperCase() ?? '';
  const plan_code = text(r.plan_code);
  const name = text(r.name);
  const price_kobo = priceKobo(r.price);
  if (!(TELCOS as readonly string[]).includes(network) || !plan_code || !name || price_kobo === null)
    return null;
  return {
    network,
    plan_code,
    name,
    description: text(r.description) ?? '',
    price_kobo,
    tarrif_type_id: text(r.tarrifTypeId) ?? '',
    validity: text(r.validity) ?? '',
    value: text(r.value) ?? '',
    grp: text(r.group) ?? '',
    short_code: text(r.shortCode) ?? '',
  };
}

/** The product of a bill row: its own field, else the only product whose networks hold it. */
function billProductOf(r: Json): BillProduct | null {
  const p = text(r.product)?.toUpperCase() ?? '';
  if (isBillProduct(p)) return p;
  const network = text(r.network)?.toLowerCase();
  return BILL_PRODUCTS.find((b) => BILL_NETWORKS[b].some((n) => n.toLowerCase() === network)) ?? null;
}

export function billPlanOf(r: Json): SyncedBillPlan | null {
  const product = billProductOf(r);
  const upstream_id = text(r.id);
  const name = text(r.name);
  const price_kobo = priceKobo(r.price);
  if (!product || !upstream_id || !/^\d+$/.test(upstream_id) || !name || price_kobo === null) return null;
  const network = BILL_NETWORKS[product].find((n) => n.toLowerCase() === text(r.network)?.toLowerCase());
  if (!network) return null;
  const amount_type =
    r.amount_type === 'fixed' || r.amount_type === 'range'
      ? r.amount_type
      : product === 'CABLE'
        ? 'fixed'
        : 'range';
  let meter_type: string | null = null;
  if (product === 'ELECTRICITY')
    meter_type =
      r.meter_type === 'postpaid' || (r.meter_type !== 'prepaid' && /postpaid/i.test(name))
        ? 'postpaid'
        : 'prepaid';
  return { upstream_id, name, network, product, amount_type, price_kobo, meter_type };
}

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AED'];
const FULFILMENT = ['immediate', 'standard', 'out_of_stock', 'preorder'] as const;

export function giftCardOf(r: Json): SyncedGiftCard | null {
  const plan_id = num(r.plan_id);
  const title = text(r.title);
  const currency_code = text(r.currency_code)?.toUpperCase() ?? '';
  if (
    plan_id === null ||
    !Number.isSafeInteger(plan_id) ||
    plan_id <= 0 ||
    !title ||
    !CURRENCIES.includes(currency_code)
  )
    return null;
  const fixed = r.fixed_price === true || r.fixed_price === 'true';
  const face_value = num(r.face_value);
  const min_price = num(r.min_price);
  const max_price = num(r.max_price);
  if (fixed ? face_value === null : min_price === null || max_price === null) return null;
  const fulfillment = FULFILMENT.find((f) => f === r.fulfillment) ?? null;
  return {
    plan_id,
    title,
    brand: text(r.brand) ?? '',
    region: text(r.region) ?? '',
    ui_category: text(r.ui_category) ?? '',
    currency_code,
    fixed_price: fixed ? 1 : 0,
    face_value,
    min_price,
    max_price,
    featured: r.featured === true ? 1 : 0,
    fulfillment,
  };
}

/**
 * eSIM rows carry `ngn_price`, not a price in their currency. A numeric `price` is taken as
 * is; otherwise a new plan is priced from ngn_price at our FX rate and margin, rounded up to
 * the cent so the local NGN price is never below the upstream's; existing plans keep theirs.
 */
export function esimPlanOf(r: Json, fx: FxConfig): SyncedEsimPlan | null {
  const plan_id = text(r.plan_id);
  const title = text(r.title);
  const currency_code = text(r.currency_code)?.toUpperCase() ?? '';
  const data_gb = num(r.data_gb);
  const duration_days = num(r.duration_days);
  if (!plan_id || !title || !currency_code || data_gb === null || duration_days === null) return null;
  const price = num(r.price);
  let derived_price: number | null = null;
  const ngn = priceKobo(r.ngn_price);
  const rate = fx.rates_ngn[currency_code];
  // ngn kobo / (NGN per unit x (1 + margin)) = cents of the plan's currency.
  if (ngn !== null && rate && rate > 0)
    derived_price = Math.ceil(ngn / (rate * (1 + fx.margin_percent / 100)) - 1e-9) / 100;
  return {
    plan_id,
    title,
    country: text(r.country)?.toUpperCase() ?? '',
    region: text(r.region) ?? '',
    data_gb,
    duration_days: Math.round(duration_days),
    currency_code,
    price,
    derived_price,
  };
}
