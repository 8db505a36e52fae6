import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiRequest, apiPost, queryString } from '../api/client.js';
import type { Body, Environment } from '../api/types.js';
import type { MerchantInfo, Pair, PricingRuleInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

/** A merchant page change, as the node's schema takes it. */
export type MerchantPatch = Body<'/console/admin/merchants/{code}', 'patch'>;

export interface PriceQuote {
  product: string;
  network: string;
  catalog_amount: string;
  debit: string;
  difference: string;
  rule: PricingRuleInfo | null;
}

/**
 * Merchants (admin): the list, one merchant with its credentials, and its pricing terms.
 * Secrets live in `issued` only until dismissed.
 */
export const useMerchantsStore = defineStore('merchants', () => {
  const merchants = ref<MerchantInfo[]>([]);
  const current = ref<MerchantInfo | null>(null);
  /** Pairs just issued, shown once: cleared when the admin says they are copied. */
  const issued = ref<{ merchant: string; pairs: Partial<Record<Environment, Pair>> } | null>(null);
  const { busy, error, notice, run } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      merchants.value = (await apiGet<{ merchants: MerchantInfo[] }>('/console/admin/merchants')).merchants;
    });
  }

  async function open(code: string): Promise<void> {
    await run(async () => {
      current.value = await apiGet<MerchantInfo>(`/console/admin/merchants/${encodeURIComponent(code)}`);
    });
  }

  async function create(code: string, name: string): Promise<MerchantInfo | null> {
    const r = await run(() =>
      apiPost<{ merchant: MerchantInfo; test: Pair; live: Pair }>('/console/admin/merchants', { code, name }),
    );
    if (!r) return null;
    issued.value = { merchant: r.merchant.merchant_code, pairs: { test: r.test, live: r.live } };
    await load();
    return r.merchant;
  }

  async function update(code: string, patch: MerchantPatch, success = 'Saved.'): Promise<boolean> {
    const r = await run(
      () => apiRequest<MerchantInfo>('PATCH', `/console/admin/merchants/${encodeURIComponent(code)}`, patch),
      success,
    );
    if (r) current.value = r;
    return r !== null;
  }

  async function rotate(code: string, env: Environment): Promise<void> {
    const r = await run(() =>
      apiPost<Pair & { environment: Environment }>(
        `/console/admin/merchants/${encodeURIComponent(code)}/credentials/${env}/rotate`,
      ),
    );
    if (!r) return;
    issued.value = { merchant: code, pairs: { [env]: { key: r.key, secret: r.secret } } };
    await open(code);
  }

  async function revoke(code: string, env: Environment): Promise<void> {
    const r = await run(
      () =>
        apiPost<MerchantInfo>(
          `/console/admin/merchants/${encodeURIComponent(code)}/credentials/${env}/revoke`,
        ),
      `The ${env} credentials are revoked.`,
    );
    if (r) current.value = r;
  }

  function dismissSecrets(): void {
    issued.value = null;
  }

  /** The merchant whose terms are shown; kept so the pricing page reopens on it. */
  const termsOf = ref('');
  const terms = ref<PricingRuleInfo[]>([]);
  const quote = ref<PriceQuote | null>(null);
  const pricingPath = () => `/console/admin/merchants/${encodeURIComponent(termsOf.value)}/pricing`;

  async function loadTerms(merchantCode: string): Promise<void> {
    termsOf.value = merchantCode;
    quote.value = null;
    await run(async () => {
      terms.value = (await apiGet<{ rules: PricingRuleInfo[] }>(pricingPath())).rules;
    });
  }

  /** basisPoints null removes the term: the catalog price applies again. */
  async function setTerm(product: string, network: string, basisPoints: number | null): Promise<boolean> {
    const r = await run(
      () =>
        apiRequest<{ rules: PricingRuleInfo[] }>('PUT', pricingPath(), {
          product,
          network,
          basis_points: basisPoints,
        }),
      basisPoints === null
        ? 'Term removed: the catalog price applies.'
        : 'Term saved: the next sale debits under it.',
    );
    if (r) terms.value = r.rules;
    return r !== null;
  }

  async function checkPrice(product: string, network: string, amount: string): Promise<void> {
    quote.value = await run(() =>
      apiGet<PriceQuote>(`${pricingPath()}/quote${queryString({ product, network, amount })}`),
    );
  }

  return {
    merchants,
    current,
    issued,
    busy,
    error,
    notice,
    load,
    open,
    create,
    update,
    rotate,
    revoke,
    dismissSecrets,
    termsOf,
    terms,
    quote,
    loadTerms,
    setTerm,
    checkPrice,
  };
});
