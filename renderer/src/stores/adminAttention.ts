import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost } from '../api/client.js';
import type { AttentionItem } from './adminTypes.js';
import { createRunner } from './adminShared.js';

/** Purchases that need an admin (flagged past their deadline) and the other pending ones. */
export const useAdminAttentionStore = defineStore('adminAttention', () => {
  const flagged = ref<AttentionItem[]>([]);
  const pending = ref<AttentionItem[]>([]);
  const { busy, error, notice, run } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      const r = await apiGet<{ flagged: AttentionItem[]; pending: AttentionItem[] }>(
        '/console/admin/attention',
      );
      flagged.value = r.flagged;
      pending.value = r.pending;
    });
  }

  /** Runs an action, then reloads both lists, keeping the action's message. */
  async function act(
    work: () => Promise<AttentionItem>,
    message: (p: AttentionItem) => string,
  ): Promise<boolean> {
    const r = await run(work, message);
    const text = notice.value;
    await load();
    notice.value = text;
    return r !== null;
  }

  const requery = (reference: string) =>
    act(
      () => apiPost<AttentionItem>(`/console/admin/attention/${reference}/requery`),
      (p) =>
        p.status === 'pending'
          ? 'Requeried: the provider still has no final answer.'
          : `Requeried: the purchase is now ${p.status}.`,
    );
  const flag = (reference: string, reason: string) =>
    act(
      () => apiPost<AttentionItem>(`/console/admin/attention/${reference}/flag`, { reason }),
      () => 'Flagged for attention.',
    );
  const resolve = (reference: string, outcome: 'success' | 'failed', reason: string) =>
    act(
      () => apiPost<AttentionItem>(`/console/admin/attention/${reference}/resolve`, { outcome, reason }),
      (p) =>
        p.status === 'failed'
          ? `Resolved as failed: ₦${p.debit} refunded to ${p.merchant_code}.`
          : 'Resolved as successful.',
    );

  return { flagged, pending, busy, error, notice, load, requery, flag, resolve };
});
