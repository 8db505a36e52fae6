import type { Db } from './db.js';
import { prep } from './db.js';
import type { DataPlan, EsimPlan, GiftCardPlan } from './catalog.js';
import { applyBillPlans, applyDataPlans, applyEsimPlans, applyGiftCards } from './catalog-sync-sections.js';

/**
 * Store side of the catalog sync. A sync is applied in one transaction; local plan
 * ids never change: upstream rows are matched to local rows (data by plan_code, bills by
 * product+network+name then id, gift cards and eSIMs by plan_id), new rows get new local ids,
 * rows gone upstream are deactivated, never deleted (catalog-sync-sections.ts).
 */

export type SyncedDataPlan = Omit<DataPlan, 'id' | 'product_id' | 'active'>;

export interface SyncedBillPlan {
  /** The plan id as the upstream knows it (what it expects as plan_code). */
  upstream_id: string;
  name: string;
  network: string;
  product: string;
  amount_type: 'fixed' | 'range';
  price_kobo: number;
  meter_type: string | null;
}

export type SyncedGiftCard = Omit<GiftCardPlan, 'active' | 'fulfillment'> & {
  fulfillment: GiftCardPlan['fulfillment'] | null;
};

/** `price` only when the upstream gives one in the plan's currency; `derived_price` from its ngn_price. */
export type SyncedEsimPlan = Omit<EsimPlan, 'active' | 'price'> & {
  price: number | null;
  derived_price: number | null;
};

/** One upstream's rows for a section; `networks` null means every network of the product. */
export interface SectionSource<T> {
  upstream: string;
  networks: string[] | null;
  rows: T[];
}

/**
 * The rows of one catalog section from every upstream routed for it, in route priority
 * order (the first source's fields win). `complete` is false when a source could not be
 * read: then nothing is deactivated in the section.
 */
export interface Section<T> {
  sources: SectionSource<T>[];
  complete: boolean;
}

export interface CatalogSyncInput {
  data?: Section<SyncedDataPlan>;
  bills?: Section<SyncedBillPlan>;
  giftcards?: Section<SyncedGiftCard>;
  esim?: Section<SyncedEsimPlan>;
}

export interface SectionCounts {
  added: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  reactivated: number;
}

export type CatalogSyncChanges = Partial<Record<'data' | 'bills' | 'giftcards' | 'esim', SectionCounts>>;

/** Applies a whole sync in one transaction and returns what changed per section. */
export function applyCatalogSync(db: Db, input: CatalogSyncInput): CatalogSyncChanges {
  return db
    .transaction(() => {
      const out: CatalogSyncChanges = {};
      if (input.data) out.data = applyDataPlans(db, input.data);
      if (input.bills) out.bills = applyBillPlans(db, input.bills);
      if (input.giftcards) out.giftcards = applyGiftCards(db, input.giftcards);
      if (input.esim) out.esim = applyEsimPlans(db, input.esim);
      return out;
    })
    .immediate();
}

export function upstreamPlanId(db: Db, upstream: string, localId: string): string | null {
  const r = prep(
    db,
    `SELECT upstream_id FROM upstream_plan_ids WHERE upstream_name = ? AND kind = 'bill' AND local_id = ?`,
  ).get(upstream, localId) as { upstream_id: string } | undefined;
  return r?.upstream_id ?? null;
}

export interface CatalogSyncRun {
  id: number;
  trigger: string;
  started_at: string;
  finished_at: string;
  ok: boolean;
  summary: Record<string, unknown>;
}

export function recordCatalogSyncRun(db: Db, run: Omit<CatalogSyncRun, 'id'>): CatalogSyncRun {
  const id = Number(
    prep(
      db,
      'INSERT INTO catalog_sync_runs (trigger, started_at, finished_at, ok, summary) VALUES (?, ?, ?, ?, ?)',
    ).run(run.trigger, run.started_at, run.finished_at, run.ok ? 1 : 0, JSON.stringify(run.summary))
      .lastInsertRowid,
  );
  // Hourly runs: a month of history is plenty.
  prep(db, 'DELETE FROM catalog_sync_runs WHERE id <= ?').run(id - 1000);
  return { id, ...run };
}

export function lastCatalogSyncRun(db: Db): CatalogSyncRun | null {
  const r = prep(db, 'SELECT * FROM catalog_sync_runs ORDER BY id DESC LIMIT 1').get() as
    | { id: number; trigger: string; started_at: string; finished_at: string; ok: number; summary: string }
    | undefined;
  return r ? { ...r, ok: r.ok === 1, summary: JSON.parse(r.summary) as Record<string, unknown> } : null;
}
