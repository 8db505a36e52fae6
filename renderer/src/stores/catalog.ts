import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { BillPlanRow, EsimItem, GiftcardItem } from '../api/types.js';
import type { DataPlanRow } from '../lib/plan-search.js';
import type { CatalogPage, CatalogRow, CatalogSyncRun } from './adminTypes.js';
import { createRunner } from './runner.js';

export type BillProduct = 'ELECTRICITY' | 'CABLE' | 'BETTING';

/** What the admin's catalog page asks for: a search, a group, a state and a page. */
export interface CatalogFilter {
  search: string;
  group: string;
  state: '' | 'active' | 'inactive';
  page: number;
}
export const emptyCatalogFilter = (): CatalogFilter => ({ search: '', group: '', state: '', page: 1 });

/**
 * Catalogs. For selling: plans fetched once per session and kept, since they change only on a
 * catalog sync or a plan switch, which empty that cache. For the admin: one page of one catalog,
 * plan switches, and the sync.
 */
export const useCatalogStore = defineStore('catalog', () => {
  const dataPlans = ref<Record<string, DataPlanRow[]>>({});
  const billPlans = ref<Partial<Record<BillProduct, BillPlanRow[]>>>({});
  const giftcards = ref<GiftcardItem[] | null>(null);
  const esimPlans = ref<EsimItem[] | null>(null);

  /** The whole gift-card catalog at this merchant's prices; the page filters it as the agent types. */
  async function loadGiftcards(): Promise<GiftcardItem[]> {
    giftcards.value ??= (await api.get('/console/giftcards')).cards;
    return giftcards.value;
  }

  async function loadEsimPlans(): Promise<EsimItem[]> {
    esimPlans.value ??= (await api.get('/console/esim')).plans;
    return esimPlans.value;
  }

  async function loadDataPlans(network: string): Promise<DataPlanRow[]> {
    const key = network.toLowerCase();
    if (!dataPlans.value[key]) {
      const r = await api.get('/console/plans/data/{network}', { path: { network: key } });
      // The catalog's open fields are text (plan-search.ts DataPlanRow).
      dataPlans.value[key] = r.plans as DataPlanRow[];
    }
    return dataPlans.value[key];
  }

  async function loadBillPlans(product: BillProduct): Promise<BillPlanRow[]> {
    if (!billPlans.value[product]) {
      const r = await api.get('/console/plans/bills/{product}', { path: { product: product.toLowerCase() } });
      billPlans.value[product] = r.plans;
    }
    return billPlans.value[product]!;
  }

  /** Providers of a bill product in catalog order (distribution companies, bouquets' owners, platforms). */
  function providersOf(product: BillProduct): string[] {
    return [...new Set((billPlans.value[product] ?? []).map((p) => p.network))];
  }

  function clear(): void {
    dataPlans.value = {};
    billPlans.value = {};
    giftcards.value = null;
    esimPlans.value = null;
  }

  const adminPage = ref<CatalogPage | null>(null);
  const lastSync = ref<CatalogSyncRun | null>(null);
  const syncing = ref(false);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();
  let lastQuery: { kind: CatalogRow['kind']; filter: CatalogFilter } = {
    kind: 'data',
    filter: emptyCatalogFilter(),
  };

  async function loadAdminPage(kind = lastQuery.kind, filter = lastQuery.filter): Promise<void> {
    lastQuery = { kind, filter: { ...filter } };
    const f = lastQuery.filter;
    await run(async () => {
      adminPage.value = await api.get('/console/admin/catalogs/{kind}', {
        path: { kind },
        query: { search: f.search, group: f.group, state: f.state, page: f.page, limit: 25 },
      });
    });
  }

  async function loadSync(): Promise<void> {
    await run(async () => {
      lastSync.value = (await api.get('/console/admin/catalogs/sync')).last;
    });
  }

  async function setActive(row: CatalogRow, active: boolean): Promise<void> {
    const r = await run(
      () =>
        api.post('/console/admin/catalogs/{kind}/{id}/active', {
          path: { kind: row.kind, id: row.id },
          body: { active },
        }),
      `${row.name} ${active ? 'enabled' : 'disabled'}.`,
    );
    if (!r) return;
    clear();
    if (adminPage.value) {
      const delta = r.active === row.active ? 0 : r.active ? 1 : -1;
      adminPage.value = {
        ...adminPage.value,
        rows: adminPage.value.rows.map((x) => (x.id === r.id ? r : x)),
        counts: { ...adminPage.value.counts, active: adminPage.value.counts.active + delta },
      };
    }
  }

  async function syncNow(): Promise<void> {
    syncing.value = true;
    try {
      const r = await run(
        () => api.post('/console/admin/catalogs/sync'),
        (v) => (v.last?.ok ? 'Catalogs synced.' : 'The sync finished with problems; see the result below.'),
      );
      if (r) lastSync.value = r.last;
      clear();
      await reloadKeepingNotice(loadAdminPage);
    } finally {
      syncing.value = false;
    }
  }

  return {
    dataPlans,
    billPlans,
    giftcards,
    esimPlans,
    loadDataPlans,
    loadBillPlans,
    loadGiftcards,
    loadEsimPlans,
    providersOf,
    clear,
    adminPage,
    lastSync,
    syncing,
    busy,
    error,
    notice,
    loadAdminPage,
    loadSync,
    setActive,
    syncNow,
  };
});
