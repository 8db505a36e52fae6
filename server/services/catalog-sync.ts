import type { Services } from './context.js';
import { BILL_PRODUCTS } from '../domain/networks.js';
import type { MappedCatalog, Upstream } from '../upstreams/types.js';
import { listRoutes } from '../store/upstreams.js';
import {
  applyCatalogSync,
  lastCatalogSyncRun,
  recordCatalogSyncRun,
  type CatalogSyncChanges,
  type CatalogSyncInput,
  type CatalogSyncRun,
  type Section,
} from '../store/catalog-sync-store.js';

/**
 * Catalog sync (DESIGN "Catalogs"): pulls the catalogs of every vending-api upstream
 * that has routes, and refreshes the local ones for the products each upstream is routed for.
 * Local plan ids stay stable (see store/catalog-sync-store.ts); the in-memory catalog is
 * dropped afterwards. Rows an upstream sends that do not read as plans are skipped, counted.
 */

type Log = { warn: (o: object, m: string) => void };
type SectionName = 'data' | 'bills' | 'giftcards' | 'esim';

export interface CatalogSyncReport {
  ok: boolean;
  trigger: string;
  started_at: string;
  finished_at: string;
  upstreams: { name: string; ok: boolean; error: string | null; sections: string[] }[];
  changes: CatalogSyncChanges;
  skipped_rows: Partial<Record<SectionName, number>>;
}

const running = new WeakMap<Services, Promise<CatalogSyncReport>>();

/** "Sync now" (console) and the hourly schedule. Concurrent calls share one run. */
export function syncCatalogs(
  s: Services,
  trigger: 'schedule' | 'manual' = 'manual',
  log?: Log,
): Promise<CatalogSyncReport> {
  const current = running.get(s);
  if (current) return current;
  const run = runSync(s, trigger, log).finally(() => running.delete(s));
  running.set(s, run);
  return run;
}

/** The last sync's time and result, for the console. */
export function lastCatalogSync(s: Services): CatalogSyncRun | null {
  return lastCatalogSyncRun(s.db);
}

/** Route products per upstream: which networks of each product it serves (null: all). */
function routedProducts(s: Services): Map<string, Map<string, string[] | null>> {
  const out = new Map<string, Map<string, string[] | null>>();
  const routes = [...listRoutes(s.db)].sort((a, b) => a.priority - b.priority || a.id - b.id);
  for (const r of routes) {
    const products = out.get(r.upstreamName) ?? new Map<string, string[] | null>();
    const networks = products.has(r.product) ? products.get(r.product)! : [];
    products.set(r.product, r.network === '' || networks === null ? null : [...networks, r.network]);
    out.set(r.upstreamName, products);
  }
  return out;
}

async function runSync(s: Services, trigger: string, log?: Log): Promise<CatalogSyncReport> {
  const startedAt = new Date(s.now()).toISOString();
  const routed = routedProducts(s);
  // Route order is priority order, so a higher-priority upstream's fields win.
  const upstreams = [...routed.keys()]
    .map((name) => s.router.allLive().find((u) => u.name === name))
    .filter(
      (u): u is Upstream => u !== undefined && u.type === 'vending-api' && u.catalogPlans !== undefined,
    );
  const fx = s.catalog.get().fx;
  // Each adapter reads its provider's catalog rows into plans (its own payload mapping); rows
  // that do not read as plans are skipped and counted; a section it could not read is null.
  const snapshots = await Promise.all(
    upstreams.map(async (u) => {
      try {
        return { u, mapped: await u.catalogPlans!(fx), error: null };
      } catch (err) {
        return {
          u,
          mapped: null as MappedCatalog | null,
          error: err instanceof Error ? err.message : String(err),
        };
      }
    }),
  );
  const skipped: Partial<Record<SectionName, number>> = {};
  for (const { mapped } of snapshots)
    for (const [k, n] of Object.entries(mapped?.skipped ?? {}) as [SectionName, number][])
      skipped[k] = (skipped[k] ?? 0) + n;
  const parsed = snapshots.map(({ u, mapped }) => ({
    u,
    data: mapped?.dataPlans ?? null,
    bills: mapped?.billPlans ?? null,
    giftcards: mapped?.giftcards ?? null,
    esim: mapped?.esimPlans ?? null,
  }));
  const section = <T>(
    pick: (p: (typeof parsed)[number], product: string) => T[] | null,
    products: string[],
  ): Section<T> | undefined => {
    const out: Section<T> = { sources: [], complete: true };
    for (const p of parsed) {
      for (const product of products) {
        const networks = routed.get(p.u.name)?.get(product);
        if (networks === undefined) continue;
        const rows = pick(p, product);
        if (rows === null) out.complete = false;
        else out.sources.push({ upstream: p.u.name, networks, rows });
      }
    }
    return out.sources.length ? out : undefined;
  };
  const input: CatalogSyncInput = {
    data: section((p) => p.data, ['data']),
    bills: section((p, product) => p.bills?.filter((b) => b.product === product) ?? null, [...BILL_PRODUCTS]),
    giftcards: section((p) => p.giftcards, ['giftcard']),
    esim: section((p) => p.esim, ['esim']),
  };

  let changes: CatalogSyncChanges = {};
  let applyError: string | null = null;
  try {
    changes = applyCatalogSync(s.db, input);
    s.catalog.invalidate();
  } catch (err) {
    applyError = err instanceof Error ? err.message : String(err);
  }
  const complete = [input.data, input.bills, input.giftcards, input.esim].every(
    (sec) => !sec || sec.complete,
  );
  const report: CatalogSyncReport = {
    ok: applyError === null && complete && snapshots.every((x) => x.error === null),
    trigger,
    started_at: startedAt,
    finished_at: new Date(s.now()).toISOString(),
    upstreams: snapshots.map(({ u, mapped, error }) => ({
      name: u.name,
      ok: error === null,
      error,
      sections: mapped?.sections ?? [],
    })),
    changes,
    skipped_rows: skipped,
  };
  if (applyError)
    report.upstreams.push({ name: '(local store)', ok: false, error: applyError, sections: [] });
  recordCatalogSyncRun(s.db, {
    trigger,
    started_at: report.started_at,
    finished_at: report.finished_at,
    ok: report.ok,
    summary: { upstreams: report.upstreams, changes, skipped_rows: skipped },
  });
  if (!report.ok) log?.warn({ upstreams: report.upstreams.filter((u) => !u.ok) }, 'catalog sync incomplete');
  return report;
}
