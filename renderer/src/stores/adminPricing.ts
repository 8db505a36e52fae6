import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiRequest, queryString } from '../api/client.js';
import type { PricingRuleInfo } from './adminTypes.js';
import { createRunner } from './adminShared.js';

export interface PriceQuote {
  product: string;
  network: string;
  catalog_amount: string;
  debit: string;
  difference: string;
  rule: PricingRuleInfo | null;
}

/** A merchant's pricing terms (basis points per product and network) and the price check. */
export const useAdminPricingStore = defineStore('adminPricing', () => {
  const code = ref('');
  const rules = ref<PricingRuleInfo[]>([]);
  const quote = ref<PriceQuote | null>(null);
  const { busy, error, notice, run } = createRunner();
  const base = () => `/console/admin/merchants/${encodeURIComponent(code.value)}/pricing`;

  async function select(merchantCode: string): Promise<void> {
    code.value = merchantCode;
    quote.value = null;
    await run(async () => {
      rules.value = (await apiGet<{ rules: PricingRuleInfo[] }>(base())).rules;
    });
  }

  /** basisPoints null removes the term: the catalog price applies again. */
  async function setTerm(product: string, network: string, basisPoints: number | null): Promise<boolean> {
    const r = await run(
      () =>
        apiRequest<{ rules: PricingRuleInfo[] }>('PUT', base(), {
          product,
          network,
          basis_points: basisPoints,
        }),
      basisPoints === null
        ? 'Term removed: the catalog price applies.'
        : 'Term saved: the next sale debits under it.',
    );
    if (r) rules.value = r.rules;
    return r !== null;
  }

  async function check(product: string, network: string, amount: string): Promise<void> {
    const r = await run(() =>
      apiGet<PriceQuote>(`${base()}/quote${queryString({ product, network, amount })}`),
    );
    quote.value = r;
  }

  return { code, rules, quote, busy, error, notice, select, setTerm, check };
});
