import type { Services } from '../services/context.js';
import type { FxConfig } from '../domain/fx-pricing.js';
import { type CatalogSyncChanges, type CatalogSyncRun, type SyncedBillPlan, type SyncedDataPlan, type SyncedEsimPlan, type SyncedGiftCard } from '../store/catalog-sync-store.js';
/**
 * Catalog sync (DESIGN "Catalogs", issue 5): pulls the catalogs of every vending-api upstream
 * that has routes, and refreshes the local ones for the products each upstream is routed for.
 * Local plan ids stay stable (see store/catalog-sync-store.ts); the in-memory catalog is
 * dropped afterwards. Rows an upstream sends that do not read as plans are skipped, counted.
 */
/** Hourly by default; the `catalog_sync_cron` setting (six-field node-cron) overrides it. */
export declare const CATALOG_SYNC_DEFAULT_CRON = "0 0 * * * *";
type Json = Record<string, unknown>;
type Log = {
    warn: (o: object, m: string) => void;
};
type SectionName = 'data' | 'bills' | 'giftcards' | 'esim';
export interface CatalogSyncReport {
    ok: boolean;
    trigger: string;
    started_at: string;
    finished_at: string;
    upstreams: {
        name: string;
        ok: boolean;
        error: string | null;
        sections: string[];
    }[];
    changes: CatalogSyncChanges;
    skipped_rows: Partial<Record<SectionName, number>>;
}
/** "Sync now" (console) and the hourly schedule. Concurrent calls share one run. */
export declare function syncCatalogs(s: Services, trigger?: 'schedule' | 'manual', log?: Log): Promise<CatalogSyncReport>;
/** The last sync's time and result, for the console. */
export declare function lastCatalogSync(s: Services): CatalogSyncRun | null;
export declare function catalogSyncJob(s: Services, log: Log): {
    expression: string;
    run: () => Promise<unknown>;
};
export declare function dataPlanOf(r: Json): SyncedDataPlan | null;
export declare function billPlanOf(r: Json): SyncedBillPlan | null;
export declare function giftCardOf(r: Json): SyncedGiftCard | null;
/**
 * eSIM rows carry `ngn_price`, not a price in their currency. A numeric `price` is taken as
 * is; otherwise a new plan is priced from ngn_price at our FX rate and margin, rounded up to
 * the cent so the local NGN price is never below the upstream's; existing plans keep theirs.
 */
export declare function esimPlanOf(r: Json, fx: FxConfig): SyncedEsimPlan | null;
export {};
