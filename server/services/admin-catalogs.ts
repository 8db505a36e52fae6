import type { Services } from './context.js';
import { setPlanActive, type CatalogKind } from '../store/catalog.js';
import { lastCatalogSync, syncCatalogs } from './catalog-sync.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { formatKobo } from '../../common/money-display.js';
import {
  AMOUNT_TYPE_WORDS,
  METER_TYPE_WORDS,
  STOCK_WORDS,
  regionName,
  wordFor,
} from '../../common/catalog-words.js';

export const CATALOG_KINDS: CatalogKind[] = ['data', 'bill', 'giftcard', 'esim'];

/** One plan of any catalog, in the columns the admin table shows. */
export interface CatalogRow {
  kind: CatalogKind;
  id: string;
  name: string;
  /** Network, product/provider, brand or country: what the table groups and filters by. */
  group: string;
  detail: string;
  price: string;
  active: boolean;
}

export function parseCatalogKind(v: unknown): CatalogKind {
  if (!CATALOG_KINDS.includes(v as CatalogKind))
    throw new InvalidInput(`catalog must be one of ${CATALOG_KINDS.join(', ')}`, 'kind');
  return v as CatalogKind;
}

const range = (min: number | null, max: number | null) => `${min ?? '?'}–${max ?? '?'}`;
/** "₦11,000.00": the table is read by people. */
const ngn = formatKobo;
/**
 * The Details column: its facts in words ("Amount in a range · Prepaid meter", "United Kingdom ·
 * Gaming · Out of stock"), each capitalised, never the catalog's codes. A data plan's code stays:
 * it is what an admin searches for.
 */
const details = (facts: (string | null | undefined)[]) =>
  facts
    .filter((f): f is string => Boolean(f))
    .map((f) => f.charAt(0).toUpperCase() + f.slice(1))
    .join(' · ');

function rowsOf(s: Services, kind: CatalogKind): CatalogRow[] {
  const c = s.catalog.get();
  switch (kind) {
    case 'data':
      return c.dataPlans.map((p) => ({
        kind,
        id: String(p.id),
        name: p.name,
        group: p.network,
        detail: details([p.plan_code, p.validity]),
        price: ngn(p.price_kobo),
        active: p.active === 1,
      }));
    case 'bill':
      return c.billPlans.map((p) => ({
        kind,
        id: String(p.id),
        name: p.name,
        group: `${p.product} · ${p.network}`,
        detail: details([
          wordFor(AMOUNT_TYPE_WORDS, p.amount_type),
          p.meter_type && wordFor(METER_TYPE_WORDS, p.meter_type),
        ]),
        price: p.amount_type === 'range' ? `from ${ngn(p.price_kobo)}` : ngn(p.price_kobo),
        active: p.active === 1,
      }));
    case 'giftcard':
      return c.giftcards.map((p) => ({
        kind,
        id: String(p.plan_id),
        name: p.title,
        group: p.brand,
        detail: details([
          p.region && regionName(p.region),
          p.ui_category,
          wordFor(STOCK_WORDS, p.fulfillment),
        ]),
        price: p.fixed_price
          ? `${p.currency_code} ${p.face_value}`
          : `${p.currency_code} ${range(p.min_price, p.max_price)}`,
        active: p.active === 1,
      }));
    case 'esim':
      return c.esimPlans.map((p) => ({
        kind,
        id: p.plan_id,
        name: p.title,
        group: p.country || p.region,
        detail: `${p.data_gb} GB · ${p.duration_days} days`,
        price: `${p.currency_code} ${p.price}`,
        active: p.active === 1,
      }));
  }
}

/** A page of one catalog, filtered by text, group and state; groups listed for the filter. */
export function browseCatalog(
  s: Services,
  kind: CatalogKind,
  q: { search?: string; group?: string; state?: string; page?: number; limit?: number },
) {
  const all = rowsOf(s, kind);
  const search = q.search?.trim().toLowerCase() ?? '';
  const rows = all.filter(
    (r) =>
      (!search ||
        r.name.toLowerCase().includes(search) ||
        r.id.toLowerCase() === search ||
        r.detail.toLowerCase().includes(search)) &&
      (!q.group || r.group === q.group) &&
      (q.state !== 'active' || r.active) &&
      (q.state !== 'inactive' || !r.active),
  );
  const limit = Math.min(200, Math.max(1, q.limit ?? 50));
  const page = Math.max(1, q.page ?? 1);
  return {
    kind,
    rows: rows.slice((page - 1) * limit, page * limit),
    total: rows.length,
    page,
    limit,
    groups: [...new Set(all.map((r) => r.group))].sort(),
    counts: { all: all.length, active: all.filter((r) => r.active).length },
  };
}

/** Enables or disables one plan (audited); the in-memory catalog is dropped so sales see it. */
export function setCatalogPlanActive(
  s: Services,
  kind: CatalogKind,
  id: string,
  active: boolean,
  actor: string,
): CatalogRow {
  const key = kind === 'data' || kind === 'bill' || kind === 'giftcard' ? Number(id) : id;
  if (typeof key === 'number' && !Number.isSafeInteger(key)) throw new NotFound(`no ${kind} plan ${id}`);
  if (!setPlanActive(s.db, kind, key, active, actor)) throw new NotFound(`no ${kind} plan ${id}`);
  s.catalog.invalidate();
  const row = rowsOf(s, kind).find((r) => r.id === id);
  if (!row) throw new NotFound(`no ${kind} plan ${id}`);
  return row;
}

/** The last sync's time and result, as the Catalogs page shows it. */
export function catalogSyncStatus(s: Services) {
  const last = lastCatalogSync(s);
  return { last };
}

/** "Sync now": runs the colleague's catalog sync (shared with a running scheduled one). */
export async function syncCatalogsNow(s: Services) {
  const report = await syncCatalogs(s, 'manual');
  return { report, last: lastCatalogSync(s) };
}
