import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, apiRequest, queryString } from '../api/client.js';
import type { Environment } from '../api/types.js';
import type { AdminUser, CashupInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

export interface NewUser {
  username: string;
  password: string;
  role: 'admin' | 'agent';
  merchant_code: string;
  daily_sales_limit: string | null;
  environments: Environment[];
  start_environment: Environment;
}

/** What an admin may change on a user. */
export interface UserPatch {
  active?: boolean;
  daily_sales_limit?: string | null;
  password?: string;
  environments?: Environment[];
  start_environment?: Environment;
}

/** Console users (admins and agents), their limits, and agents' shift cash-ups. */
export const useUsersStore = defineStore('users', () => {
  const users = ref<AdminUser[]>([]);
  const preview = ref<CashupInfo | null>(null);
  const cashups = ref<CashupInfo[]>([]);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      users.value = (await apiGet<{ users: AdminUser[] }>('/console/admin/users')).users;
    });
  }

  async function create(u: NewUser): Promise<boolean> {
    const r = await run(
      () => apiPost<{ username: string }>('/console/users', u),
      (v) => `${v.username} can sign in now.`,
    );
    if (!r) return false;
    await reloadKeepingNotice(load);
    return true;
  }

  async function update(id: number, patch: UserPatch, success: string): Promise<boolean> {
    const r = await run(() => apiRequest<AdminUser>('PATCH', `/console/admin/users/${id}`, patch), success);
    if (r) users.value = users.value.map((u) => (u.id === r.id ? r : u));
    return r !== null;
  }

  async function loadCashup(userId: number, env: Environment, from = ''): Promise<void> {
    await run(async () => {
      const [p, list] = await Promise.all([
        apiGet<CashupInfo>(`/console/admin/users/${userId}/cashup${queryString({ environment: env, from })}`),
        apiGet<{ cashups: CashupInfo[] }>(`/console/admin/users/${userId}/cashups`),
      ]);
      preview.value = p;
      cashups.value = list.cashups;
    });
  }

  async function closeShift(
    userId: number,
    env: Environment,
    input: { from: string; counted: string; note: string },
  ): Promise<CashupInfo | null> {
    const r = await run(
      () =>
        apiPost<CashupInfo>(`/console/admin/users/${userId}/cashups`, {
          environment: env,
          from: input.from || undefined,
          counted: input.counted || null,
          note: input.note,
        }),
      'Shift closed and recorded. Print it for the cash drawer.',
    );
    if (r) cashups.value = [r, ...cashups.value];
    return r;
  }

  async function openCashup(id: number): Promise<CashupInfo | null> {
    return run(() => apiGet<CashupInfo>(`/console/admin/cashups/${id}`));
  }

  return {
    users,
    preview,
    cashups,
    busy,
    error,
    notice,
    load,
    create,
    update,
    loadCashup,
    closeShift,
    openCashup,
  };
});
