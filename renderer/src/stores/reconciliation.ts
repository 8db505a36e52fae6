import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type {
  ReconciliationExceptionInfo,
  ReconciliationRunInfo,
  ReconciliationSettingsInfo,
} from './adminTypes.js';
import { createRunner } from './runner.js';
import { shortReference } from '../lib/products.js';
import { plural } from '../lib/sentences.js';

/**
 * Reconciliation with the upstreams: runs, exceptions and their resolution, a run by hand,
 * and when the daily run starts and whom it e-mails.
 */
export const useReconciliationStore = defineStore('reconciliation', () => {
  const runs = ref<ReconciliationRunInfo[]>([]);
  const exceptions = ref<ReconciliationExceptionInfo[]>([]);
  const settings = ref<ReconciliationSettingsInfo>({ run_time: '02:30', operator_emails: [] });
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      const r = await api.get('/console/admin/reconciliation');
      runs.value = r.runs;
      exceptions.value = r.exceptions;
      settings.value = r.settings;
    });
  }

  async function runDay(date: string): Promise<void> {
    await run(
      () => api.post('/console/admin/reconciliation/run', { body: { date } }),
      (r) =>
        r.runs.length
          ? r.runs
              .map((x) =>
                x.state === 'failed'
                  ? `${x.upstream}: failed (${x.error ?? 'no answer'})`
                  : `${x.upstream}: ${plural(x.open_exceptions, 'open exception')}`,
              )
              .join('; ')
          : 'No vending-api upstream to reconcile.',
    );
    await reloadKeepingNotice(load);
  }

  async function resolve(
    id: number,
    action: 'accept_upstream' | 'settled_outside',
    reason: string,
    confirm = false,
  ): Promise<boolean> {
    const r = await run(
      () =>
        api.post('/console/admin/reconciliation/exceptions/{id}/resolve', {
          path: { id },
          body: { action, reason, ...(confirm ? { confirm: true } : {}) },
        }),
      (e) => `Exception ${shortReference(e.reference)} resolved (${e.resolution?.replace('_', ' ')}).`,
    );
    // A refusal stays on screen: reloading would clear it.
    if (r === null) return false;
    await reloadKeepingNotice(load);
    return true;
  }

  async function saveSettings(next: ReconciliationSettingsInfo): Promise<void> {
    const r = await run(
      () => api.put('/console/admin/reconciliation/settings', { body: next }),
      'Reconciliation settings saved.',
    );
    if (r) settings.value = r;
  }

  return { runs, exceptions, settings, busy, error, notice, load, runDay, resolve, saveSettings };
});
