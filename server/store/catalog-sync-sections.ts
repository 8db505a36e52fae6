import type { Db } from './db.js';
import { nowIso, prep } from './db.js';
import type { BillPlan, DataPlan, EsimPlan, GiftCardPlan } from './catalog.js';
import type {
  Section,
  SectionCounts,
  SyncedBillPlan,
  SyncedDataPlan,
  SyncedEsimPlan,
  SyncedGiftCard,
} from './catalog-sync-store.js';

/** Applying one catalog section of a sync; runs inside applyCatalogSync's transaction. */

type Kind = 'data' | 'bill' | 'giftcard' | 'esim';
type Row = Record<string, unknown>;

/** What differs between the four catalog sections; the apply itself is one (applySection). */
interface SectionTable<L extends { active: number }> {
  kind: Kind;
  table: string;
  keyCol: string;
  keyOf: (r: L) => string | number;
  /** The network a local row belongs to (sources cover some networks only); '' for none. */
  networkOf: (r: L) => string;
  /** The scope a deactivation is judged in: a scope nobody listed anything for is left alone. */
  scopeOf: (r: L) => string;
  /** Columns an update writes (and compares), in order: the local row's own fields. */
  updated: readonly (keyof L & string)[];
  /** Columns an insert writes, in order. */
  inserted: readonly (keyof L & string)[];
}

const zero = (): SectionCounts => ({ added: 0, updated: 0, unchanged: 0, deactivated: 0, reactivated: 0 });
const norm = (s: string) => s.trim().toLowerCase();

function covers(networks: string[] | null, network: string): boolean {
  return networks === null || networks.some((n) => norm(n) === norm(network));
}

/** One section being applied: its counts, the local rows seen again and the scopes listed. */
class SectionApply<L extends { active: number }> {
  readonly counts = zero();
  readonly seen = new Set<string>();
  readonly listed = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly t: SectionTable<L>,
  ) {}

  /** A new plan: inserted with the given values. */
  insert(values: Row): void {
    const cols = this.t.inserted;
    prep(
      this.db,
      `INSERT INTO ${this.t.table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    ).run(...cols.map((c) => values[c] ?? null));
    this.counts.added += 1;
  }

  /** A plan seen again: updated when a field changed; reactivated if a sync had deactivated it. */
  refresh(existing: L, values: Row): void {
    const cols = this.t.updated;
    if (cols.some((c) => existing[c] !== values[c])) {
      prep(
        this.db,
        `UPDATE ${this.t.table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE ${this.t.keyCol} = ?`,
      ).run(...cols.map((c) => values[c]), this.t.keyOf(existing));
      this.counts.updated += 1;
    } else this.counts.unchanged += 1;
    if (!existing.active) this.reactivateIfSyncDeactivated(this.t.keyOf(existing));
  }

  /** A row seen again: reactivated only when a sync (not an operator) had deactivated it. */
  private reactivateIfSyncDeactivated(key: string | number): void {
    const listed = prep(this.db, 'DELETE FROM catalog_sync_deactivated WHERE kind = ? AND local_id = ?').run(
      this.t.kind,
      String(key),
    ).changes;
    if (listed) {
      this.db.prepare(`UPDATE ${this.t.table} SET active = 1 WHERE ${this.t.keyCol} = ?`).run(key);
      this.counts.reactivated += 1;
    }
  }

  /**
   * Deactivates the active rows of the section that no source listed, within the networks the
   * sources cover. A scope (a data network; a bill product and network; a whole gift-card or
   * eSIM catalog) for which no source listed anything is left alone: an empty answer is
   * treated as a read problem, not as the withdrawal of every plan.
   */
  finish(local: L[], section: Section<unknown>): SectionCounts {
    if (!section.complete) return this.counts;
    const at = nowIso(this.db);
    for (const r of local) {
      const key = String(this.t.keyOf(r));
      if (!r.active || this.seen.has(key)) continue;
      if (!section.sources.some((s) => covers(s.networks, this.t.networkOf(r)))) continue;
      if (!this.listed.has(this.t.scopeOf(r))) continue;
      this.db
        .prepare(`UPDATE ${this.t.table} SET active = 0 WHERE ${this.t.keyCol} = ?`)
        .run(this.t.keyOf(r));
      prep(
        this.db,
        'INSERT OR REPLACE INTO catalog_sync_deactivated (kind, local_id, at) VALUES (?, ?, ?)',
      ).run(this.t.kind, key, at);
      this.counts.deactivated += 1;
    }
    return this.counts;
  }
}

/** A section's table; `scopeOf` defaults to one scope for the whole catalog (no networks). */
function sectionTable<L extends { active: number }>(
  kind: Kind,
  table: string,
  keyCol: keyof L & string,
  updated: readonly (keyof L & string)[],
  inserted: readonly (keyof L & string)[],
  networkOf: (r: L) => string = () => '',
  scopeOf: (r: L) => string = () => '',
): SectionTable<L> {
  return {
    kind,
    table,
    keyCol,
    keyOf: (r) => r[keyCol] as string | number,
    networkOf,
    scopeOf,
    updated,
    inserted,
  };
}

const DATA_FIELDS = [
  'name',
  'description',
  'price_kobo',
  'tarrif_type_id',
  'validity',
  'value',
  'grp',
  'short_code',
] as const;
const BILL_FIELDS = ['name', 'amount_type', 'price_kobo', 'meter_type'] as const;
const GIFTCARD_FIELDS = [
  'title',
  'brand',
  'region',
  'ui_category',
  'currency_code',
  'fixed_price',
  'face_value',
] as const;
const GIFTCARD_PRICES = ['min_price', 'max_price', 'featured', 'fulfillment'] as const;
const ESIM_FIELDS = [
  'title',
  'country',
  'region',
  'data_gb',
  'duration_days',
  'currency_code',
  'price',
] as const;

const DATA = sectionTable<DataPlan>(
  'data',
  'data_plans',
  'id',
  DATA_FIELDS,
  ['id', 'network', 'plan_code', ...DATA_FIELDS, 'product_id'],
  (p) => p.network,
  (p) => norm(p.network),
);
const BILLS = sectionTable<BillPlan>(
  'bill',
  'bill_plans',
  'id',
  BILL_FIELDS,
  ['id', 'name', 'network', 'product', 'amount_type', 'price_kobo', 'max_kobo', 'meter_type'],
  (p) => p.network,
  (p) => `${p.product}|${norm(p.network)}`,
);
const GIFTCARDS = sectionTable<GiftCardPlan>(
  'giftcard',
  'giftcards',
  'plan_id',
  [...GIFTCARD_FIELDS, ...GIFTCARD_PRICES],
  ['plan_id', ...GIFTCARD_FIELDS, ...GIFTCARD_PRICES],
);
const ESIMS = sectionTable<EsimPlan>('esim', 'esim_plans', 'plan_id', ESIM_FIELDS, [
  'plan_id',
  ...ESIM_FIELDS,
]);

export function applyDataPlans(db: Db, section: Section<SyncedDataPlan>): SectionCounts {
  const apply = new SectionApply(db, DATA);
  const local = db.prepare('SELECT * FROM data_plans').all() as DataPlan[];
  const byCode = new Map(local.map((p) => [p.plan_code.toUpperCase(), p]));
  let nextId = Math.max(0, ...local.map((p) => p.id)) + 1;
  for (const src of section.sources) {
    for (const row of src.rows) {
      if (!covers(src.networks, row.network)) continue;
      const existing = byCode.get(row.plan_code.toUpperCase());
      if (existing && existing.network !== row.network) continue; // a code cannot move between networks
      apply.listed.add(norm(row.network));
      if (existing) {
        if (apply.seen.has(String(existing.id))) continue; // a higher-priority source already set it
        apply.seen.add(String(existing.id));
        apply.refresh(existing, row);
        continue;
      }
      const added = { ...row, id: nextId++, product_id: null, active: 1 };
      apply.insert(added);
      byCode.set(row.plan_code.toUpperCase(), added);
      apply.seen.add(String(added.id));
    }
  }
  return apply.finish(local, section);
}

export function applyBillPlans(db: Db, section: Section<SyncedBillPlan>): SectionCounts {
  const apply = new SectionApply(db, BILLS);
  const local = db.prepare('SELECT * FROM bill_plans').all() as BillPlan[];
  const original = [...local];
  let nextId = Math.max(0, ...local.map((p) => p.id)) + 1;
  const sameKind = (p: BillPlan, r: SyncedBillPlan) =>
    p.product === r.product && norm(p.network) === norm(r.network);
  for (const src of section.sources) {
    const rows = src.rows.filter((r) => covers(src.networks, r.network));
    const matched = new Map<SyncedBillPlan, BillPlan>();
    const taken = new Set<number>();
    // Name first (an upstream renumbering its plans keeps their names), then the id.
    const match = (same: (l: BillPlan, r: SyncedBillPlan) => boolean) => {
      for (const r of rows) {
        if (matched.has(r)) continue;
        const p = local.find((l) => !taken.has(l.id) && sameKind(l, r) && same(l, r));
        if (p) {
          matched.set(r, p);
          taken.add(p.id);
        }
      }
    };
    match((l, r) => norm(l.name) === norm(r.name));
    match((l, r) => String(l.id) === r.upstream_id);
    for (const r of rows) {
      apply.listed.add(`${r.product}|${norm(r.network)}`);
      let p = matched.get(r);
      if (!p) {
        p = { ...r, id: nextId++, max_kobo: null, active: 1 };
        apply.insert({ ...p });
        local.push(p);
        apply.seen.add(String(p.id));
      } else if (!apply.seen.has(String(p.id))) {
        apply.seen.add(String(p.id));
        apply.refresh(p, { ...r });
      }
      if (String(p.id) === r.upstream_id) {
        prep(
          db,
          `DELETE FROM upstream_plan_ids WHERE upstream_name = ? AND kind = 'bill' AND local_id = ?`,
        ).run(src.upstream, String(p.id));
      } else {
        prep(
          db,
          `INSERT OR REPLACE INTO upstream_plan_ids (upstream_name, kind, local_id, upstream_id) VALUES (?, 'bill', ?, ?)`,
        ).run(src.upstream, String(p.id), r.upstream_id);
      }
    }
  }
  return apply.finish(original, section);
}

const newGiftCard = (row: SyncedGiftCard): Row => ({ ...row, fulfillment: row.fulfillment ?? 'immediate' });

export function applyGiftCards(db: Db, section: Section<SyncedGiftCard>): SectionCounts {
  return applyWholeCatalog(db, GIFTCARDS, section, newGiftCard, (row, old) => ({
    ...row,
    fulfillment: row.fulfillment ?? old.fulfillment,
  }));
}

/**
 * eSIM plans: a new plan that cannot be priced is not offered (and not counted as seen); a
 * price in the plan's currency is taken as is, otherwise the local price is kept.
 */
export function applyEsimPlans(db: Db, section: Section<SyncedEsimPlan>): SectionCounts {
  const priced = (row: SyncedEsimPlan, price: number | null) => (price === null ? null : { ...row, price });
  return applyWholeCatalog(
    db,
    ESIMS,
    section,
    (row) => priced(row, row.price ?? row.derived_price),
    (row, old) => priced(row, row.price ?? old.price)!,
  );
}

/** A catalog without networks (gift cards, eSIMs): rows matched by plan id, the first source winning. */
function applyWholeCatalog<L extends { active: number }, S>(
  db: Db,
  table: SectionTable<L>,
  section: Section<S>,
  added: (row: S) => Row | null,
  refreshed: (row: S, existing: L) => Row,
): SectionCounts {
  const apply = new SectionApply(db, table);
  const local = db.prepare(`SELECT * FROM ${table.table}`).all() as L[];
  const byKey = new Map(local.map((p) => [String(table.keyOf(p)), p]));
  for (const src of section.sources) {
    for (const row of src.rows) {
      const key = String((row as Row)[table.keyCol]);
      if (apply.seen.has(key)) continue;
      const existing = byKey.get(key);
      const values = existing ? refreshed(row, existing) : added(row);
      if (values === null) continue;
      apply.seen.add(key);
      if (existing) apply.refresh(existing, values);
      else apply.insert(values);
    }
  }
  if (apply.seen.size) apply.listed.add('');
  return apply.finish(local, section);
}
