import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import { apiGet, queryString } from '../api/client.js';
import type { PurchasePage, Sale } from '../api/types.js';
import { ApiError } from '../lib/errors.js';

export interface HistoryFilters {
  search: string;
  product: string;
  status: string;
  from: string;
  to: string;
}

export const emptyFilters = (): HistoryFilters => ({ search: '', product: '', status: '', from: '', to: '' });

/** Sales history of the session's merchant and environment: filters, one page at a time, CSV. */
export const useHistoryStore = defineStore('history', () => {
  const filters = reactive<HistoryFilters>(emptyFilters());
  const page = ref(1);
  const limit = ref(25);
  const rows = ref<Sale[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const error = ref('');
  let generation = 0;

  const pages = computed(() => Math.max(1, Math.ceil(total.value / limit.value)));
  const query = computed(() => queryString({ ...filters, search: filters.search.trim() }));
  const csvHref = computed(() => `/console/purchases.csv${query.value}`);

  /** Loads the current page; an older answer arriving after a newer request is ignored. */
  async function load(): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    error.value = '';
    try {
      const params = queryString({
        ...filters,
        search: filters.search.trim(),
        page: page.value,
        limit: limit.value,
      });
      const r = await apiGet<PurchasePage>(`/console/purchases${params}`);
      if (mine !== generation) return;
      rows.value = r.rows;
      total.value = r.total;
    } catch (e) {
      if (mine !== generation) return;
      error.value = e instanceof ApiError ? e.message : String(e);
      rows.value = [];
      total.value = 0;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  async function applyFilters(): Promise<void> {
    page.value = 1;
    await load();
  }

  async function goTo(p: number): Promise<void> {
    page.value = Math.min(Math.max(1, p), pages.value);
    await load();
  }

  function reset(): void {
    Object.assign(filters, emptyFilters());
    page.value = 1;
  }

  /** A sale changed elsewhere (requery on the detail page): show its new state in the list. */
  function update(sale: Sale): void {
    const i = rows.value.findIndex((r) => r.reference === sale.reference);
    if (i >= 0) rows.value[i] = sale;
  }

  return {
    filters,
    page,
    limit,
    rows,
    total,
    loading,
    error,
    pages,
    csvHref,
    load,
    applyFilters,
    goTo,
    reset,
    update,
  };
});
