import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet } from '../api/client.js';
import type { BillPlanRow, EsimItem, GiftcardItem } from '../api/types.js';
import type { DataPlanRow } from '../lib/plan-search.js';

export type BillProduct = 'ELECTRICITY' | 'CABLE' | 'BETTING';

/** Plan catalogs, fetched once per session and kept: they change only on a catalog sync. */
export const useCatalogStore = defineStore('catalog', () => {
  const dataPlans = ref<Record<string, DataPlanRow[]>>({});
  const billPlans = ref<Partial<Record<BillProduct, BillPlanRow[]>>>({});
  const giftcards = ref<GiftcardItem[] | null>(null);
  const esimPlans = ref<EsimItem[] | null>(null);

  /** The whole gift-card catalog at this merchant's prices; the page filters it as the agent types. */
  async function loadGiftcards(): Promise<GiftcardItem[]> {
    giftcards.value ??= (await apiGet<{ cards: GiftcardItem[] }>('/console/giftcards')).cards;
    return giftcards.value;
  }

  async function loadEsimPlans(): Promise<EsimItem[]> {
    esimPlans.value ??= (await apiGet<{ plans: EsimItem[] }>('/console/esim')).plans;
    return esimPlans.value;
  }

  async function loadDataPlans(network: string): Promise<DataPlanRow[]> {
    const key = network.toLowerCase();
    if (!dataPlans.value[key]) {
      const r = await apiGet<{ plans: DataPlanRow[] }>(`/console/plans/data/${encodeURIComponent(key)}`);
      dataPlans.value[key] = r.plans;
    }
    return dataPlans.value[key];
  }

  async function loadBillPlans(product: BillProduct): Promise<BillPlanRow[]> {
    if (!billPlans.value[product]) {
      const r = await apiGet<{ plans: BillPlanRow[] }>(`/console/plans/bills/${product.toLowerCase()}`);
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
  };
});
