import { externalDataVersion, type Db } from './db.js';

/**
 * The one invalidation rule of every in-memory cache of stored data. A cache is valid while
 * (a) no store function of this process changed its area since it was built, and (b) no other
 * process (the CLI) committed: SQLite's data_version. Store functions that change an area call
 * noteChange in the same operation; caches hold a ChangeWatch and rebuild when it says so.
 *
 * Caches and their areas:
 * - `catalog`: the catalog snapshot and its pre-rendered answers (services/catalog-service.ts);
 * - `merchants`: credentials and proven secrets (store/credential-cache.ts), the console's
 *   environments per merchant (services/console-environments.ts);
 * - `upstreams`: the live upstream instances and routes (routing/upstream-router.ts);
 * - `purchases` (every stored or changed purchase): the /v1 list answers
 *   (http/v1/transactions.ts), dropped on any change.
 * Finer-grained for purchases: the key cache (store/purchases.ts) forgets each purchase a store
 * function changes and drops everything on a data_version change; the status answers
 * (http/v1/transactions.ts) hang off the cached Purchase objects, so they go with them; the list
 * anchors (store/list-anchors.ts) only append, except state filters, which forget the anchors
 * after a purchase that settles.
 */
export type ChangeArea = 'catalog' | 'merchants' | 'upstreams' | 'purchases';

const counters = new WeakMap<Db, Record<ChangeArea, number>>();

function countersOf(db: Db): Record<ChangeArea, number> {
  let c = counters.get(db);
  if (!c) counters.set(db, (c = { catalog: 0, merchants: 0, upstreams: 0, purchases: 0 }));
  return c;
}

/** Called by the store function that changed `area`. */
export function noteChange(db: Db, area: ChangeArea): void {
  countersOf(db)[area]++;
}

/** Tells a cache of `area` whether it must be rebuilt since it last asked. */
export class ChangeWatch {
  private local = -1;
  private external = -1;

  constructor(
    private readonly db: Db,
    private readonly area: ChangeArea,
  ) {}

  /** True on the first call and whenever the area changed since the previous call. */
  changed(): boolean {
    const local = countersOf(this.db)[this.area];
    const external = externalDataVersion(this.db);
    if (local === this.local && external === this.external) return false;
    this.local = local;
    this.external = external;
    return true;
  }
}
