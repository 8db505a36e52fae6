import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet } from '../api/client.js';
import type { Environment } from '../api/types.js';
import type { DashboardInfo } from './adminTypes.js';
import { createRunner } from './adminShared.js';

/** Today at a glance for one environment (live by default: that is where the money is). */
export const useAdminDashboardStore = defineStore('adminDashboard', () => {
  const environment = ref<Environment>('live');
  const info = ref<DashboardInfo | null>(null);
  const { busy, error, run } = createRunner();

  async function load(env = environment.value): Promise<void> {
    environment.value = env;
    await run(async () => {
      info.value = await apiGet<DashboardInfo>(`/console/admin/dashboard?environment=${env}`);
    });
  }

  return { environment, info, busy, error, load };
});
