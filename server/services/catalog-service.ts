import type { Db } from '../store/db.js';
import { ChangeWatch, noteChange } from '../store/change-counter.js';
import {
  allBillPlans,
  allDataPlans,
  allEsimPlans,
  allGiftCards,
  type BillPlan,
  type DataPlan,
  type EsimPlan,
  type GiftCardPlan,
} from '../store/catalog.js';
import { getSetting, SETTINGS } from '../store/settings.js';
import type { FxConfig } from '../domain/fx-pricing.js';
import type { PurchaseLimits } from '../domain/purchase-limits.js';

export interface CatalogSnapshotMemory {
  dataPlans: DataPlan[];
  billPlans: BillPlan[];
  giftcards: GiftCardPlan[];
  esimPlans: EsimPlan[];
  fx: FxConfig;
  /** Purchase limits that no catalog plan carries (airtime is any amount within them). */
  limits: PurchaseLimits;
  /** Pre-rendered responses keyed by route and query, dropped with the snapshot. */
  rendered: Map<string, unknown>;
}

/**
 * Catalogs served from memory. The snapshot is dropped by the store's one invalidation rule
 * (store/change-counter.ts, area `catalog`): a catalog change by this process, or a commit by
 * another (the CLI, a sync in another node).
 */
export class CatalogService {
  private snapshot: CatalogSnapshotMemory | null = null;
  private readonly watch: ChangeWatch;
  constructor(private readonly db: Db) {
    this.watch = new ChangeWatch(db, 'catalog');
  }

  /** After a catalog write outside the store's catalog functions (a sync, the fx setting). */
  invalidate(): void {
    noteChange(this.db, 'catalog');
  }

  get(): CatalogSnapshotMemory {
    if (this.watch.changed()) this.snapshot = null;
    if (!this.snapshot) {
      this.snapshot = {
        dataPlans: allDataPlans(this.db),
        billPlans: allBillPlans(this.db),
        giftcards: allGiftCards(this.db),
        esimPlans: allEsimPlans(this.db),
        fx: getSetting(this.db, SETTINGS.fx),
        limits: getSetting(this.db, SETTINGS.limits),
        rendered: new Map(),
      };
    }
    return this.snapshot;
  }

  /** Memoises a rendered response for the life of the current snapshot. */
  rendered<T>(key: string, build: (s: CatalogSnapshotMemory) => T): T {
    const s = this.get();
    if (!s.rendered.has(key)) s.rendered.set(key, build(s));
    return s.rendered.get(key) as T;
  }
}
