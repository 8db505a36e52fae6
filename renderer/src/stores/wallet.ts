import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, queryString } from '../api/client.js';
import type { Environment, LedgerEntry, LedgerPage, WalletInfo } from '../api/types.js';
import { ApiError } from '../lib/errors.js';

/** The merchant's two wallets (test and live) and their ledgers, newest entries first. */
export const useWalletStore = defineStore('wallet', () => {
  const wallets = ref<WalletInfo[]>([]);
  const entries = ref<Record<Environment, LedgerEntry[]>>({ test: [], live: [] });
  const nextBefore = ref<Record<Environment, number | null>>({ test: null, live: null });
  const loading = ref(false);
  const error = ref('');

  const balanceOf = (env: Environment) => wallets.value.find((w) => w.environment === env) ?? null;

  async function loadWallets(): Promise<void> {
    const r = await apiGet<{ wallets: WalletInfo[] }>('/console/wallets');
    wallets.value = r.wallets;
  }

  /** First page of a ledger, or the next older page when more is true. */
  async function loadLedger(env: Environment, more = false): Promise<void> {
    loading.value = true;
    error.value = '';
    try {
      const before = more ? nextBefore.value[env] : null;
      const r = await apiGet<LedgerPage>(
        `/console/wallets/${env}/ledger${queryString({ before, limit: 50 })}`,
      );
      entries.value[env] = more ? [...entries.value[env], ...r.entries] : r.entries;
      nextBefore.value[env] = r.next_before;
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
      loading.value = false;
    }
  }

  async function refresh(env: Environment): Promise<void> {
    error.value = '';
    try {
      await loadWallets();
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
      return;
    }
    await loadLedger(env);
  }

  return { wallets, entries, nextBefore, loading, error, balanceOf, loadWallets, loadLedger, refresh };
});
