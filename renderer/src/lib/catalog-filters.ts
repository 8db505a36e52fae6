import type { EsimItem, GiftcardItem } from '../api/types.js';
import { regionName } from '../../../common/catalog-words.js';

export interface GiftcardFilter {
  search: string;
  brand: string;
  region: string;
  currency: string;
  category: string;
}

const norm = (v: string) => v.trim().toLowerCase();

/** Sorted distinct values of one field, for the filter menus. */
export function distinct<T>(items: T[], pick: (item: T) => string): string[] {
  return [...new Set(items.map(pick).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Gift cards matching the agent's filters; featured cards first, then by title. */
export function filterGiftcards(items: GiftcardItem[], f: GiftcardFilter): GiftcardItem[] {
  const words = norm(f.search).split(/\s+/).filter(Boolean);
  return items
    .filter((i) => {
      const hay = `${i.title} ${i.brand} ${i.region} ${i.ui_category} ${i.currency_code}`.toLowerCase();
      return (
        words.every((w) => hay.includes(w)) &&
        (!f.brand || i.brand === f.brand) &&
        (!f.region || i.region === f.region) &&
        (!f.currency || i.currency_code === f.currency) &&
        (!f.category || i.ui_category === f.category)
      );
    })
    .sort((a, b) => Number(b.featured) - Number(a.featured) || a.title.localeCompare(b.title));
}

/** "USD 20" for a fixed card, "USD 10–500" for a variable one. */
export function faceValueText(i: GiftcardItem): string {
  return i.fixed_price
    ? `${i.currency_code} ${i.face_value}`
    : `${i.currency_code} ${i.min_price}–${i.max_price}`;
}

/**
 * The value bought of a variable-value card, as money is written: two decimals ("USD 25.50",
 * not the API number's "USD 25.5"). Anything that is not such a number is shown as it came.
 */
export function cardValueText(currency: string, value: number | string | null | undefined): string {
  const v = String(value ?? '').trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(v);
  return `${currency} ${m ? `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}` : v}`.trim();
}

/**
 * eSIM plans by country code, region or words of the title: by destination, then the smallest
 * allowance first (data, then days, then price). A word that is a plan's country code puts that
 * country's plans first: "GB" is also in every "1GB" title.
 */
export function filterEsimPlans(items: EsimItem[], search: string, region: string): EsimItem[] {
  const words = norm(search).split(/\s+/).filter(Boolean);
  const ofCountry = (i: EsimItem) => (i.country && words.includes(i.country.toLowerCase()) ? 0 : 1);
  return items
    .filter((i) => {
      const hay = `${i.title} ${i.country} ${regionName(i.country)} ${i.region} ${i.plan_id}`.toLowerCase();
      return words.every((w) => hay.includes(w)) && (!region || i.region === region);
    })
    .sort(
      (a, b) =>
        ofCountry(a) - ofCountry(b) ||
        titlePlace(a).localeCompare(titlePlace(b)) ||
        a.data_gb - b.data_gb ||
        a.duration_days - b.duration_days ||
        priceOf(a) - priceOf(b) ||
        a.title.localeCompare(b.title),
    );
}

/**
 * Where an eSIM works, the same in the plan list and on the confirm step: "United Kingdom ·
 * Europe" (the catalog's "GB" read as its name), or "Several countries · Europe" for a plan of a
 * whole region.
 */
export function esimDestination(i: Pick<EsimItem, 'country' | 'region'>): string {
  return [i.country ? regionName(i.country) : 'Several countries', i.region].filter(Boolean).join(' · ');
}

/**
 * "United Kingdom" of "United Kingdom 10GB / 30 days": the title before its allowance, so a
 * destination's plans sit together and are ordered by their numbers, not as text (10GB < 1GB).
 */
const titlePlace = (i: EsimItem) => i.title.replace(/\s*\d.*$/, '');
const priceOf = (i: EsimItem) => (i.ngn_price ? Number(i.ngn_price) : Infinity);

/** "2 GB · 15 days" */
export function esimAllowance(i: EsimItem): string {
  return `${i.data_gb} GB · ${i.duration_days} day${i.duration_days === 1 ? '' : 's'}`;
}
