import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, apiRequest } from '../api/client.js';
import type { Answer } from '../api/types.js';
import type {
  ReconciliationExceptionInfo,
  ReconciliationRunInfo,
  ReconciliationSettingsInfo,
} from './adminTypes.js';
import { createRunner } from './runner.js';
import { shortReference } from '../lib/products.js';
import { plural } from '../lib/sentences.js';

type Overview = Answer<'/console/admin/reconciliation', 'get'>;
type RunAnswer = Answer<'/console/admin/reconciliation/run', 'post'>;

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
      const r = await apiGet<Overview>('/console/admin/reconciliation');
      runs.value = r.runs;
      exceptions.value = r.exceptions;
      settings.value = r.settings;
    });
  }

  async function runDay(date: string): Promise<void> {
    await run(
      () => apiPost<RunAnswer>('/console/admin/reconciliation/run', { date }),
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
        apiPost<ReconciliationExceptionInfo>(`/console/admin/reconciliation/exceptions/${id}/resolve`, {
          action,
          reason,
          ...(confirm ? { confirm: true } : {}),
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
      () => apiRequest<ReconciliationSettingsInfo>('PUT', '/console/admin/reconciliation/settings', next),
      'Reconciliation settings saved.',
    );
    if (r) settings.value = r;
  }

  return { runs, exceptions, settings, busy, error, notice, load, runDay, resolve, saveSettings };
});
