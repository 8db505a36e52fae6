import { type Db } from '../store/db.js';
import { type BillPlan, type DataPlan, type EsimPlan, type GiftCardPlan } from '../store/catalog.js';
import type { FxConfig } from '../domain/fx-pricing.js';
export interface CatalogSnapshotMemory {
    dataPlans: DataPlan[];
    billPlans: BillPlan[];
    giftcards: GiftCardPlan[];
    esimPlans: EsimPlan[];
    fx: FxConfig;
    /** Pre-rendered responses keyed by route and query, dropped with the snapshot. */
    rendered: Map<string, unknown>;
}
/**
 * Catalogs served from memory (issue 10 target 6). The snapshot is dropped when this
 * process changes a catalog (invalidate()) or when another process (the CLI, a sync in
 * another node) commits: SQLite's data_version tells us cheaply.
 */
export declare class CatalogService {
    private readonly db;
    private snapshot;
    private dataVersion;
    private writes;
    constructor(db: Db);
    invalidate(): void;
    get(): CatalogSnapshotMemory;
    /** Memoises a rendered response for the life of the current snapshot. */
    rendered<T>(key: string, build: (s: CatalogSnapshotMemory) => T): T;
}
