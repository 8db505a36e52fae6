import { externalDataVersion } from '../store/db.js';
import { catalogWriteCount, allBillPlans, allDataPlans, allEsimPlans, allGiftCards, } from '../store/catalog.js';
import { getSetting } from '../store/settings.js';
const DEFAULT_FX = { rates_ngn: {}, margin_percent: 0 };
/**
 * Catalogs served from memory (issue 10 target 6). The snapshot is dropped when this
 * process changes a catalog (invalidate()) or when another process (the CLI, a sync in
 * another node) commits: SQLite's data_version tells us cheaply.
 */
export class CatalogService {
    db;
    snapshot = null;
    dataVersion = -1;
    writes = -1;
    constructor(db) {
        this.db = db;
    }
    invalidate() {
        this.snapshot = null;
    }
    get() {
        const v = externalDataVersion(this.db);
        const w = catalogWriteCount();
        if (v !== this.dataVersion || w !== this.writes) {
            this.dataVersion = v;
            this.writes = w;
            this.snapshot = null;
        }
        if (!this.snapshot) {
            this.snapshot = {
                dataPlans: allDataPlans(this.db),
                billPlans: allBillPlans(this.db),
                giftcards: allGiftCards(this.db),
                esimPlans: allEsimPlans(this.db),
                fx: getSetting(this.db, 'fx', DEFAULT_FX),
                rendered: new Map(),
            };
        }
        return this.snapshot;
    }
    /** Memoises a rendered response for the life of the current snapshot. */
    rendered(key, build) {
        const s = this.get();
        if (!s.rendered.has(key))
            s.rendered.set(key, build(s));
        return s.rendered.get(key);
    }
}
//# sourceMappingURL=catalog-service.js.map