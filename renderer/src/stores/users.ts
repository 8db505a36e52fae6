import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { Body, Environment } from '../api/types.js';
import type { AdminUser, CashupInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

/** A new console user as the form fills it: every field the node's schema takes. */
export type NewUser = Required<Body<'/console/users', 'post'>>;

/** What an admin may change on a user (the node's patch schema). */
export type UserPatch = Body<'/console/admin/users/{id}', 'patch'>;

/** Console users (admins and agents), their limits, and agents' shift cash-ups. */
export const useUsersStore = defineStore('users', () => {
  const users = ref<AdminUser[]>([]);
  const preview = ref<CashupInfo | null>(null);
  const cashups = ref<CashupInfo[]>([]);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      users.value = (await api.get('/console/admin/users')).users;
    });
  }

  async function create(u: NewUser): Promise<boolean> {
    const r = await run(
      () => api.post('/console/users', { body: u }),
      (v) => `${v.username} can sign in now.`,
    );
    if (!r) return false;
    await reloadKeepingNotice(load);
    return true;
  }

  async function update(id: number, patch: UserPatch, success: string): Promise<boolean> {
    const r = await run(() => api.patch('/console/admin/users/{id}', { path: { id }, body: patch }), success);
    if (r) users.value = users.value.map((u) => (u.id === r.id ? r : u));
    return r !== null;
  }

  /** A user locked out by failed sign-ins may try again at once. */
  async function unlock(u: AdminUser): Promise<boolean> {
    const r = await run(
      () => api.post('/console/admin/users/{id}/unlock', { path: { id: u.id } }),
      `${u.username} may sign in again now; earlier failed attempts no longer count.`,
    );
    return r !== null;
  }

  async function loadCashup(userId: number, env: Environment, from = ''): Promise<void> {
    await run(async () => {
      const [p, list] = await Promise.all([
        api.get('/console/admin/users/{id}/cashup', {
          path: { id: userId },
          query: { environment: env, from },
        }),
        api.get('/console/admin/users/{id}/cashups', { path: { id: userId } }),
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
        api.post('/console/admin/users/{id}/cashups', {
          path: { id: userId },
          body: {
            environment: env,
            from: input.from || undefined,
            counted: input.counted || null,
            note: input.note,
          },
        }),
      'Shift closed and recorded. Print it for the cash drawer.',
    );
    if (r) cashups.value = [r, ...cashups.value];
    return r;
  }

  async function openCashup(id: number): Promise<CashupInfo | null> {
    return run(() => api.get('/console/admin/cashups/{id}', { path: { id } }));
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
    unlock,
    loadCashup,
    closeShift,
    openCashup,
  };
});
