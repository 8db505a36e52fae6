import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { Answer, Environment, LedgerEntry, WalletInfo } from '../api/types.js';
import { ApiError } from '../lib/errors.js';
import { formatNaira } from '../../../common/money-display.js';
import { createRunner } from './runner.js';

/**
 * Wallets. The signed-in merchant's two wallets (test and live) and their ledgers, newest
 * entries first; and, for the admin, any merchant's wallet: its ledger, funding and
 * adjustments, and the check of every wallet against its ledger.
 */
export const useWalletStore = defineStore('wallet', () => {
  const wallets = ref<WalletInfo[]>([]);
  const entries = ref<Record<Environment, LedgerEntry[]>>({ test: [], live: [] });
  const nextBefore = ref<Record<Environment, number | null>>({ test: null, live: null });
  const loading = ref(false);
  const error = ref('');

  const balanceOf = (env: Environment) => wallets.value.find((w) => w.environment === env) ?? null;

  async function loadWallets(): Promise<void> {
    const r = await api.get('/console/wallets');
    wallets.value = r.wallets;
  }

  /** First page of a ledger, or the next older page when more is true. */
  async function loadLedger(env: Environment, more = false): Promise<void> {
    loading.value = true;
    error.value = '';
    try {
      const before = more ? nextBefore.value[env] : null;
      const r = await api.get('/console/wallets/{env}/ledger', {
        path: { env },
        query: { before, limit: 50 },
      });
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

  /**
   * The admin's wallet page: one merchant wallet at a time. The merchant is kept so the page
   * reopens on it; the environment is the page's to choose (the console's, unless a link names one).
   */
  const merchantCode = ref('');
  const merchantEnv = ref<Environment>('test');
  const merchantBalance = ref<string | null>(null);
  const merchantEntries = ref<LedgerEntry[]>([]);
  const merchantNextBefore = ref<number | null>(null);
  /** The last `ledger verify` over every wallet of the node. */
  const verification = ref<Answer<'/console/admin/ledger/verify', 'get'> | null>(null);
  const { busy, notice, run, reloadKeepingNotice } = createRunner(error);
  const merchantWallet = () => ({ code: merchantCode.value, env: merchantEnv.value });

  async function loadMerchantLedger(more = false): Promise<void> {
    if (!merchantCode.value) return;
    await run(async () => {
      const r = await api.get('/console/admin/merchants/{code}/wallets/{env}/ledger', {
        path: merchantWallet(),
        query: { before: more ? merchantNextBefore.value : null, limit: 50 },
      });
      merchantBalance.value = r.balance;
      merchantEntries.value = more ? [...merchantEntries.value, ...r.entries] : r.entries;
      merchantNextBefore.value = r.next_before;
    });
  }

  async function selectMerchantWallet(code: string, env: Environment): Promise<void> {
    merchantCode.value = code;
    merchantEnv.value = env;
    merchantEntries.value = [];
    merchantBalance.value = null;
    await loadMerchantLedger();
  }

  async function fund(kind: 'funding' | 'adjustment', amount: string, reason: string): Promise<boolean> {
    const r = await run(
      () =>
        api.post('/console/admin/merchants/{code}/wallets/{env}/fund', {
          path: merchantWallet(),
          body: { kind, amount, reason },
        }),
      (v) =>
        `${kind === 'funding' ? 'Funded' : 'Adjusted'}: the ${merchantEnv.value} wallet of ${merchantCode.value} now holds ${formatNaira(v.balance)}.`,
    );
    if (!r) return false;
    await reloadKeepingNotice(loadMerchantLedger);
    return true;
  }

  /**
   * A check under way: its button says so (it reads every entry and sale, seconds at a million
   * sales). It has a runner of its own, so the fund form stays usable meanwhile: the check reads
   * one instant of the books, and a funding committed during it is simply not in that instant.
   */
  const check = createRunner(error);
  const verifying = check.busy;

  async function verify(): Promise<void> {
    // One at a time: the node answers a second ask with the running check's answer anyway.
    if (verifying.value) return;
    verification.value = await check.run(() => api.get('/console/admin/ledger/verify'));
  }

  /**
   * Starts the CSV of the wallet's ledger between two business days (the node makes its checks
   * and reads the first page) and answers the link to download it once: a refusal (an unknown
   * merchant, To before From) is an ApiError for the page to say, where a refused download was a
   * failed file.
   */
  async function startMerchantCsv(from: string, to: string): Promise<string> {
    const r = await api.post('/console/admin/merchants/{code}/wallets/{env}/ledger/exports', {
      path: merchantWallet(),
      query: { from, to },
    });
    return r.href;
  }

  return {
    wallets,
    entries,
    nextBefore,
    loading,
    error,
    balanceOf,
    loadWallets,
    loadLedger,
    refresh,
    merchantCode,
    merchantEnv,
    merchantBalance,
    merchantEntries,
    merchantNextBefore,
    verification,
    verifying,
    busy,
    notice,
    loadMerchantLedger,
    selectMerchantWallet,
    fund,
    verify,
    startMerchantCsv,
  };
});
