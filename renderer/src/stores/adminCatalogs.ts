import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, queryString } from '../api/client.js';
import type { CatalogPage, CatalogRow, CatalogSyncRun } from './adminTypes.js';
import { createRunner } from './adminShared.js';

export interface CatalogFilter {
  search: string;
  group: string;
  state: '' | 'active' | 'inactive';
  page: number;
}

/** Browsing one catalog at a time, plan switches, and the catalog sync. */
export const useAdminCatalogsStore = defineStore('adminCatalogs', () => {
  const kind = ref<CatalogRow['kind']>('data');
  const filter = ref<CatalogFilter>({ search: '', group: '', state: '', page: 1 });
  const page = ref<CatalogPage | null>(null);
  const lastSync = ref<CatalogSyncRun | null>(null);
  const syncing = ref(false);
  const { busy, error, notice, run } = createRunner();

  async function load(): Promise<void> {
    const f = filter.value;
    await run(async () => {
      page.value = await apiGet<CatalogPage>(
        `/console/admin/catalogs/${kind.value}${queryString({ search: f.search, group: f.group, state: f.state, page: f.page, limit: 25 })}`,
      );
    });
  }

  async function loadSync(): Promise<void> {
    await run(async () => {
      lastSync.value = (await apiGet<{ last: CatalogSyncRun | null }>('/console/admin/catalogs/sync')).last;
    });
  }

  async function setActive(row: CatalogRow, active: boolean): Promise<void> {
    const r = await run(
      () =>
        apiPost<CatalogRow>(`/console/admin/catalogs/${row.kind}/${encodeURIComponent(row.id)}/active`, {
          active,
        }),
      `${row.name} ${active ? 'enabled' : 'disabled'}.`,
    );
    if (r && page.value) {
      const delta = r.active === row.active ? 0 : r.active ? 1 : -1;
      page.value = {
        ...page.value,
        rows: page.value.rows.map((x) => (x.id === r.id ? r : x)),
        counts: { ...page.value.counts, active: page.value.counts.active + delta },
      };
    }
  }

  async function syncNow(): Promise<void> {
    syncing.value = true;
    try {
      const r = await run(
        () => apiPost<{ last: CatalogSyncRun | null }>('/console/admin/catalogs/sync'),
        (v) => (v.last?.ok ? 'Catalogs synced.' : 'The sync finished with problems; see the result below.'),
      );
      if (r) lastSync.value = r.last;
      const message = notice.value;
      await load();
      notice.value = message;
    } finally {
      syncing.value = false;
    }
  }

  return { kind, filter, page, lastSync, syncing, busy, error, notice, load, loadSync, setActive, syncNow };
});
