import type { Db } from './db.js';
import type { Section, SectionCounts, SyncedBillPlan, SyncedDataPlan, SyncedEsimPlan, SyncedGiftCard } from './catalog-sync-store.js';
export declare function applyDataPlans(db: Db, section: Section<SyncedDataPlan>): SectionCounts;
export declare function applyBillPlans(db: Db, section: Section<SyncedBillPlan>): SectionCounts;
export declare function applyGiftCards(db: Db, section: Section<SyncedGiftCard>): SectionCounts;
export declare function applyEsimPlans(db: Db, section: Section<SyncedEsimPlan>): SectionCounts;
/** The plan id an upstream expects for one of our bill plans (null: the same id). */
