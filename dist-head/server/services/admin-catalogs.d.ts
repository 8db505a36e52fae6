import type { Services } from './context.js';
import { type CatalogKind } from '../store/catalog.js';
export declare const CATALOG_KINDS: CatalogKind[];
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
export declare function parseCatalogKind(v: unknown): CatalogKind;
/** A page of one catalog, filtered by text, group and state; groups listed for the filter. */
export declare function browseCatalog(s: Services, kind: CatalogKind, q: {
    search?: string;
    group?: string;
    state?: string;
    page?: number;
    limit?: number;
}): {
    kind: "data" | "giftcard" | "esim" | "bill";
    rows: CatalogRow[];
    total: number;
    page: number;
    limit: number;
    groups: string[];
    counts: {
        all: number;
        active: number;
    };
};
/** Enables or disables one plan (audited); the in-memory catalog is dropped so sales see it. */
export declare function setCatalogPlanActive(s: Services, kind: CatalogKind, id: string, active: boolean, actor: string): CatalogRow;
/** The last sync's time and result, as the Catalogs page shows it. */
export declare function catalogSyncStatus(s: Services): {
    last: import("../store/catalog-sync-store.js").CatalogSyncRun | null;
};
/** "Sync now": runs the colleague's catalog sync (shared with a running scheduled one). */
export declare function syncCatalogsNow(s: Services): Promise<{
    report: import("../jobs/catalog-sync.js").CatalogSyncReport;
    last: import("../store/catalog-sync-store.js").CatalogSyncRun | null;
}>;
