import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, queryString } from '../api/client.js';
import type { Environment } from '../api/types.js';
import type { AdminLedgerEntry } from './adminTypes.js';
import { formatNaira } from '../lib/money.js';
import { createRunner } from './adminShared.js';

interface LedgerAnswer {
  merchant_code: string;
  environment: Environment;
  balance: string;
  entries: AdminLedgerEntry[];
  next_before: number | null;
}

/** One merchant wallet at a time: its balance, ledger (newest first), funding and adjustments. */
export const useAdminWalletsStore = defineStore('adminWallets', () => {
  const code = ref('');
  const environment = ref<Environment>('live');
  const balance = ref<string | null>(null);
  const entries = ref<AdminLedgerEntry[]>([]);
  const nextBefore = ref<number | null>(null);
  /** The last `ledger verify` over every wallet of the node. */
  const verification = ref<{ ok: boolean; wallets: number; problems: { problem: string }[] } | null>(null);
  const { busy, error, notice, run } = createRunner();

  const base = () =>
    `/console/admin/merchants/${encodeURIComponent(code.value)}/wallets/${environment.value}`;

  async function load(more = false): Promise<void> {
    if (!code.value) return;
    await run(async () => {
      const r = await apiGet<LedgerAnswer>(
        `${base()}/ledger${queryString({ before: more ? nextBefore.value : null, limit: 50 })}`,
      );
      balance.value = r.balance;
      entries.value = more ? [...entries.value, ...r.entries] : r.entries;
      nextBefore.value = r.next_before;
    });
  }

  async function select(merchantCode: string, env: Environment): Promise<void> {
    code.value = merchantCode;
    environment.value = env;
    entries.value = [];
    balance.value = null;
    await load();
  }

  async function fund(kind: 'funding' | 'adjustment', amount: string, reason: string): Promise<boolean> {
    const r = await run(
      () => apiPost<{ balance: string }>(`${base()}/fund`, { kind, amount, reason }),
      (v) =>
        `${kind === 'funding' ? 'Funded' : 'Adjusted'}: the ${environment.value} wallet of ${code.value} now holds ${formatNaira(v.balance)}.`,
    );
    if (!r) return false;
    const message = notice.value;
    await load();
    notice.value = message;
    return true;
  }

  async function verify(): Promise<void> {
    verification.value = await run(() =>
      apiGet<{ ok: boolean; wallets: number; problems: { problem: string }[] }>(
        '/console/admin/ledger/verify',
      ),
    );
  }

  /** The CSV export link for a Lagos date range (the browser downloads it with the session cookie). */
  function csvUrl(from: string, to: string): string {
    return `${base()}/ledger.csv${queryString({ from, to })}`;
  }

  return {
    code,
    environment,
    balance,
    entries,
    nextBefore,
    verification,
    busy,
    error,
    notice,
    load,
    select,
    fund,
    verify,
    csvUrl,
  };
});
