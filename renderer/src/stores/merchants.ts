import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { Answer, Body, Environment } from '../api/types.js';
import type { MerchantInfo, Pair, PricingRuleInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

/** A merchant page change, as the node's schema takes it. */
export type MerchantPatch = Body<'/console/admin/merchants/{code}', 'patch'>;

/** What a sale of an amount would debit under the merchant's terms, as the node prices it. */
export type PriceQuote = Answer<'/console/admin/merchants/{code}/pricing/quote', 'get'>;

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
      merchants.value = (await api.get('/console/admin/merchants')).merchants;
    });
  }

  async function open(code: string): Promise<void> {
    await run(async () => {
      current.value = await api.get('/console/admin/merchants/{code}', { path: { code } });
    });
  }

  async function create(code: string, name: string): Promise<MerchantInfo | null> {
    const r = await run(() => api.post('/console/admin/merchants', { body: { code, name } }));
    if (!r) return null;
    issued.value = { merchant: r.merchant.merchant_code, pairs: { test: r.test, live: r.live } };
    await load();
    return r.merchant;
  }

  async function update(code: string, patch: MerchantPatch, success = 'Saved.'): Promise<boolean> {
    const r = await run(
      () => api.patch('/console/admin/merchants/{code}', { path: { code }, body: patch }),
      success,
    );
    if (r) current.value = r;
    return r !== null;
  }

  async function rotate(code: string, env: Environment): Promise<void> {
    const r = await run(() =>
      api.post('/console/admin/merchants/{code}/credentials/{env}/rotate', { path: { code, env } }),
    );
    if (!r) return;
    issued.value = { merchant: code, pairs: { [env]: { key: r.key, secret: r.secret } } };
    await open(code);
  }

  async function revoke(code: string, env: Environment): Promise<void> {
    const r = await run(
      () => api.post('/console/admin/merchants/{code}/credentials/{env}/revoke', { path: { code, env } }),
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
  const pricingOf = () => ({ code: termsOf.value });

  async function loadTerms(merchantCode: string): Promise<void> {
    termsOf.value = merchantCode;
    quote.value = null;
    await run(async () => {
      terms.value = (await api.get('/console/admin/merchants/{code}/pricing', { path: pricingOf() })).rules;
    });
  }

  /** basisPoints null removes the term: the catalog price applies again. */
  async function setTerm(product: string, network: string, basisPoints: number | null): Promise<boolean> {
    const r = await run(
      () =>
        api.put('/console/admin/merchants/{code}/pricing', {
          path: pricingOf(),
          body: { product, network, basis_points: basisPoints },
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
      api.get('/console/admin/merchants/{code}/pricing/quote', {
        path: pricingOf(),
        query: { product, network, amount },
      }),
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
