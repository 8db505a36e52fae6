import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { NodeSettingInfo, NodeSettingKey } from './adminTypes.js';
import { errorText } from './runner.js';

/**
 * The node settings an operator may set (the CLI's `settings`): the catalog sync's schedule on
 * the catalogs page, the upstreams' default low-balance alert on the upstreams page. Each
 * page's form says its own refusal beside its field, so errors are kept per setting.
 */
export const useNodeSettingsStore = defineStore('nodeSettings', () => {
  const settings = ref<Partial<Record<NodeSettingKey, NodeSettingInfo>>>({});
  const errors = ref<Partial<Record<NodeSettingKey, string>>>({});
  const notices = ref<Partial<Record<NodeSettingKey, string>>>({});
  const busy = ref(false);

  async function load(): Promise<void> {
    try {
      const r = await api.get('/console/admin/node-settings');
      settings.value = Object.fromEntries(r.settings.map((s) => [s.key, s]));
    } catch (e) {
      // Said where the settings are shown: the page's own list still loads.
      errors.value = { catalog_sync_cron: errorText(e), upstream_low_balance_naira: errorText(e) };
    }
  }

  /** Stores a value as typed (null: back to the default); false, with the node's words, when refused. */
  async function save(key: NodeSettingKey, value: string | null, saved: string): Promise<boolean> {
    busy.value = true;
    errors.value[key] = '';
    notices.value[key] = '';
    try {
      const r = await api.put('/console/admin/node-settings/{key}', { path: { key }, body: { value } });
      settings.value[key] = r;
      notices.value[key] = saved;
      return true;
    } catch (e) {
      errors.value[key] = errorText(e);
      return false;
    } finally {
      busy.value = false;
    }
  }

  /** A refusal found before sending, said beside the field like the node's. */
  function refuse(key: NodeSettingKey, problem: string): void {
    errors.value[key] = problem;
    notices.value[key] = '';
  }

  return { settings, errors, notices, busy, load, save, refuse };
});
