import { apiNairaToKobo } from '../../../common/money.js';
import type { Answer } from '../api/types.js';

type ListedPlan = Answer<'/console/plans/data/{network}', 'get'>['plans'][number];
/**
 * A data plan as the node lists it. The node's schema leaves the catalog's own fields open
 * (validity, value, group, shortCode: unknown); the desk reads them as the text they are.
 */
export type DataPlanRow = Pick<ListedPlan, 'id' | 'plan_code' | 'name' | 'description' | 'price'> &
  Record<'validity' | 'value' | 'group' | 'shortCode', string>;

/** "30 days" -> "30days", "1.5 GB" -> "1.5gb": a number and its unit are one search word. */
const NUMBER_UNIT = /(\d+(?:\.\d+)?)\s*(tb|gb|mb|days?|hrs?|hours?|weeks?|months?)\b/g;
const squash = (text: string) => text.toLowerCase().replace(/₦|,/g, '').replace(NUMBER_UNIT, '$1$2');
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word starting with a digit must start a number in the text: "1gb" is not found in "11gb". */
function wordIn(hay: string, word: string): boolean {
  return /^\d/.test(word) ? new RegExp(`(^|[^\\d.])${escape(word)}`).test(hay) : hay.includes(word);
}

/**
 * Data plans matching what the agent typed: every word must match the plan's size, name,
 * validity or group ("2gb 30 days", "weekly"), its code, or its price in whole Naira
 * ("1000"). Cheapest first, as customers usually ask.
 */
export function searchDataPlans(plans: DataPlanRow[], query: string): DataPlanRow[] {
  const words = squash(query).split(/\s+/).filter(Boolean);
  const matches = plans.filter((p) => {
    const hay = squash(`${p.name} ${p.value} ${p.validity} ${p.group}`);
    const codes = [p.plan_code.toLowerCase(), p.shortCode.toLowerCase()];
    const priceNaira = String(Math.floor((apiNairaToKobo(p.price) ?? 0) / 100));
    return words.every((w) => wordIn(hay, w) || codes.includes(w) || priceNaira === w);
  });
  return matches.sort(
    (a, b) => (apiNairaToKobo(a.price) ?? 0) - (apiNairaToKobo(b.price) ?? 0) || a.id - b.id,
  );
}

/** "2GB SME (30 days)": the plan's name with its validity, never said twice. */
export function planLabel(p: Pick<DataPlanRow, 'name' | 'validity'>): string {
  if (!p.validity || p.name.toLowerCase().includes(p.validity.toLowerCase())) return p.name;
  return `${p.name} (${p.validity})`;
}
