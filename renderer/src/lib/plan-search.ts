import { nairaToKobo } from './money.js';

export interface DataPlanRow {
  id: number;
  plan_code: string;
  name: string;
  description: string;
  price: string;
  validity: string;
  value: string;
  group: string;
  shortCode: string;
}

/** "1.5GB" -> 1536 MB, "750MB" -> 750; null when the size is not written that way. */
export function sizeInMb(value: string): number | null {
  const m = /([\d.]+)\s*(TB|GB|MB)/i.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2].toUpperCase();
  return unit === 'TB' ? n * 1024 * 1024 : unit === 'GB' ? n * 1024 : n;
}

/**
 * Data plans matching what the agent typed: every word must match the plan's size, name,
 * validity, group, code or price ("2gb 30", "weekly", "1000"). A price word also matches
 * plans costing exactly that many Naira. Cheapest first, as customers usually ask.
 */
export function searchDataPlans(plans: DataPlanRow[], query: string): DataPlanRow[] {
  const words = query.toLowerCase().replace(/₦|,/g, '').split(/\s+/).filter(Boolean);
  const matches = plans.filter((p) => {
    const hay = `${p.name} ${p.value} ${p.validity} ${p.group} ${p.plan_code} ${p.shortCode} ${p.description}`.toLowerCase();
    const priceNaira = String(Math.floor((nairaToKobo(p.price) ?? 0) / 100));
    return words.every((w) => hay.includes(w) || hay.replace(/\s+/g, '').includes(w) || priceNaira === w);
  });
  return matches.sort((a, b) => (nairaToKobo(a.price) ?? 0) - (nairaToKobo(b.price) ?? 0) || a.id - b.id);
}
