import cron from 'node-cron';
import type { Services } from '../services/context.js';
import { BILL_NETWORKS, BILL_PRODUCTS, TELCOS, isBillProduct, type BillProduct } from '../domain/networks.js';
import type { FxConfig } from '../domain/fx-pricing.js';
import { koboOfNaira } from '../upstreams/vending-api/mapper.js';
import type { CatalogSnapshot, Upstream } from '../upstreams/types.js';
import { listRoutes } from '../store/upstreams.js';
import { getSetting } from '../store/settings.js';
import {
  applyCatalogSync,
  lastCatalogSyncRun,
  recordCatalogSyncRun,
  type CatalogSyncChanges,
  type CatalogSyncInput,
  type CatalogSyncRun,
  type Section,
  type SyncedBillPlan,
  type SyncedDataPlan,
  type SyncedEsimPlan,
  type SyncedGiftCard,
} from '../store/catalog-sync-store.js';

/**
 * Catalog sync (DESIGN "Catalogs"): pulls the catalogs of every vending-api upstream
 * that has routes, and refreshes the local ones for the products each upstream is routed for.
 * Local plan ids stay stable (see store/catalog-sync-store.ts); the in-memory catalog is
 * dropped afterwards. Rows an upstream sends that do not read as plans are skipped, counted.
 */

/** Hourly by default; the `catalog_sync_cron` setting (six-field node-cron) overrides it. */
export const CATALOG_SYNC_DEFAULT_CRON = '0 0 * * * *';

type Json = Record<string, unknown>;
type Log = { warn: (o: object, m: string) => void };
type SectionName = 'data' | 'bills' | 'giftcards' | 'esim';

export interface CatalogSyncReport {
  ok: boolean;
  trigger: string;
  started_at: string;
  finished_at: string;
  upstreams: { name: string; ok: boolean; error: string | null; sections: string[] }[];
  changes: CatalogSyncChanges;
  skipped_rows: Partial<Record<SectionName, number>>;
}

const running = new WeakMap<Services, Promise<CatalogSyncReport>>();

/** "Sync now" (console) and the hourly schedule. Concurrent calls share one run. */
export function syncCatalogs(
  s: Services,
  trigger: 'schedule' | 'manual' = 'manual',
  log?: Log,
): Promise<CatalogSyncReport> {
  const current = running.get(s);
  if (current) return current;
  const run = runSync(s, trigger, log).finally(() => running.delete(s));
  running.set(s, run);
  return run;
}

/** The last sync's time and result, for the console. */
export function lastCatalogSync(s: Services): CatalogSyncRun | null {
  return lastCatalogSyncRun(s.db);
}

export function catalogSyncJob(s: Services, log: Log): { expression: string; run: () => Promise<unknown> } {
  const configured = getSetting<string | null>(s.db, 'catalog_sync_cron', null);
  const expression = configured && cron.validate(configured) ? configured : CATALOG_SYNC_DEFAULT_CRON;
  return { expression, run: () => syncCatalogs(s, 'schedule', log) };
}

/** Route products per upstream: which networks of each product it serves (null: all). */
function routedProducts(s: Services): Map<string, Map<string, string[] | null>> {
  const out = new Map<string, Map<string, string[] | null>>();
  const routes = [...listRoutes(s.db)].sort((a, b) => a.priority - b.priority || a.id - b.id);
  for (const r of routes) {
    const products = out.get(r.upstreamName) ?? new Map<string, string[] | null>();
    const networks = products.has(r.product) ? products.get(r.product)! : [];
    products.set(r.product, r.network === '' || networks === null ? null : [...networks, r.network]);
    out.set(r.upstreamName, products);
  }
  return out;
}

async function runSync(s: Services, trigger: string, log?: Log): Promise<CatalogSyncReport> {
  const startedAt = new Date(s.now()).toISOString();
  const routed = routedProducts(s);
  // Route order is priority order, so a higher-priority upstream's fields win.
  const upstreams = [...routed.keys()]
    .map((name) => s.router.allLive().find((u) => u.name === name))
    .filter((u): u is Upstream => u !== undefined && u.type === 'vending-api');
  const snapshots = await Promise.all(
    upstreams.map(async (u) => {
      try {
        return { u, snapshot: await u.catalogs(), error: null };
      } catch (err) {
        return {
          u,
          snapshot: null as CatalogSnapshot | null,
          error: err instanceof Error ? err.message : String(err),
        };
      }
    }),
  );
  const skipped: Partial<Record<SectionName, number>> = {};
  const skip = (section: SectionName) => (skipped[section] = (skipped[section] ?? 0) + 1);
  const parse = <T>(rows: Json[] | undefined, section: SectionName, one: (r: Json) => T | null): T[] =>
    (rows ?? []).flatMap((r) => {
      const parsed = one(r);
      if (parsed === null) skip(section);
      return parsed === null ? [] : [parsed];
    });
  const fx = s.catalog.get().fx;
  // Each upstream's answer parsed once; null where a section could not be read.
  const parsed = snapshots.map(({ u, snapshot }) => ({
    u,
    data: snapshot?.dataPlans ? parse(snapshot.dataPlans, 'data', dataPlanOf) : null,
    bills: snapshot?.billPlans ? parse(snapshot.billPlans, 'bills', billPlanOf) : null,
    giftcards: snapshot?.giftcards ? parse(snapshot.giftcards, 'giftcards', giftCardOf) : null,
    esim: snapshot?.esimPlans ? parse(snapshot.esimPlans, 'esim', (r) => esimPlanOf(r, fx)) : null,
  }));
  const section = <T>(
    pick: (p: (typeof parsed)[number], product: string) => T[] | null,
    products: string[],
  ): Section<T> | undefined => {
    const out: Section<T> = { sources: [], complete: true };
    for (const p of parsed) {
      for (const product of products) {
        const networks = routed.get(p.u.name)?.get(product);
        if (networks === undefined) continue;
        const rows = pick(p, product);
        if (rows === null) out.complete = false;
        else out.sources.push({ upstream: p.u.name, networks, rows });
      }
    }
    return out.sources.length ? out : undefined;
  };
  const input: CatalogSyncInput = {
    data: section((p) => p.data, ['data']),
    bills: section((p, product) => p.bills?.filter((b) => b.product === product) ?? null, [...BILL_PRODUCTS]),
    giftcards: section((p) => p.giftcards, ['giftcard']),
    esim: section((p) => p.esim, ['esim']),
  };

  let changes: CatalogSyncChanges = {};
  let applyError: string | null = null;
  try {
    changes = applyCatalogSync(s.db, input);
    s.catalog.invalidate();
  } catch (err) {
    applyError = err instanceof Error ? err.message : String(err);
  }
  const complete = [input.data, input.bills, input.giftcards, input.esim].every(
    (sec) => !sec || sec.complete,
  );
  const report: CatalogSyncReport = {
    ok: applyError === null && complete && snapshots.every((x) => x.error === null),
    trigger,
    started_at: startedAt,
    finished_at: new Date(s.now()).toISOString(),
    upstreams: snapshots.map(({ u, snapshot, error }) => ({
      name: u.name,
      ok: error === null,
      error,
      sections: snapshot ? Object.keys(snapshot) : [],
    })),
    changes,
    skipped_rows: skipped,
  };
  if (applyError)
    report.upstreams.push({ name: '(local store)', ok: false, error: applyError, sections: [] });
  recordCatalogSyncRun(s.db, {
    trigger,
    started_at: report.started_at,
    finished_at: report.finished_at,
    ok: report.ok,
    summary: { upstreams: report.upstreams, changes, skipped_rows: skipped },
  });
  if (!report.ok) log?.warn({ upstreams: report.upstreams.filter((u) => !u.ok) }, 'catalog sync incomplete');
  return report;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const priceKobo = (v: unknown): number | null => {
  const k = koboOfNaira(typeof v === 'number' ? String(v) : v);
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
