import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, apiRequest } from '../api/client.js';
import type { ConnectionTest, RouteInfo, SavedUpstream, UpstreamInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

export interface UpstreamDraft {
  name: string;
  type: 'simulator' | 'vending-api';
  base_url: string;
  merchant_code: string;
  key: string;
  /** Sent once; the node keeps it sealed and never returns it. */
  secret: string;
  options: Record<string, unknown>;
  routes: string[];
}

interface Overview {
  upstreams: UpstreamInfo[];
  routes: RouteInfo[];
}

/** Upstreams, their routes with priorities, health, and connection tests. */
export const useUpstreamsStore = defineStore('upstreams', () => {
  const upstreams = ref<UpstreamInfo[]>([]);
  const routes = ref<RouteInfo[]>([]);
  const tests = ref<Record<string, ConnectionTest>>({});
  /** Why an upstream just added or saved is doubtful (a VendPoint TEST key), as the node says it. */
  const warning = ref('');
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  function apply(o: Overview) {
    upstreams.value = o.upstreams;
    routes.value = o.routes;
  }

  async function load(): Promise<void> {
    warning.value = '';
    await run(async () => apply(await apiGet<Overview>('/console/admin/upstreams')));
  }

  async function add(d: UpstreamDraft): Promise<boolean> {
    const body = {
      ...d,
      base_url: d.base_url || null,
      merchant_code: d.merchant_code || null,
      key: d.key || null,
      secret: d.secret || null,
    };
    const r = await run(
      () => apiPost<SavedUpstream>('/console/admin/upstreams', body),
      (u) => `Upstream ${u.name} added.`,
    );
    if (!r) return false;
    await reloadKeepingNotice(load);
    warning.value = r.warning ?? '';
    return true;
  }

  /** Only the fields given change; an empty secret keeps the stored one. */
  async function edit(
    name: string,
    patch: Partial<Omit<UpstreamDraft, 'name' | 'type'>> & { enabled?: boolean },
  ): Promise<boolean> {
    const r = await run(
      () => apiRequest<SavedUpstream>('PATCH', `/console/admin/upstreams/${encodeURIComponent(name)}`, patch),
      `Upstream ${name} saved.`,
    );
    if (!r) return false;
    await reloadKeepingNotice(load);
    warning.value = r.warning ?? '';
    return true;
  }

  async function test(name: string): Promise<void> {
    // The card's own test result says a test-key warning from now on: not twice on one page.
    warning.value = '';
    const r = await run(() =>
      apiPost<ConnectionTest>(`/console/admin/upstreams/${encodeURIComponent(name)}/test`),
    );
    if (!r) return;
    tests.value = { ...tests.value, [name]: r };
    // The node kept the balance the test read: the card's balance line shows it too.
    await reloadKeepingNotice(load);
  }

  async function checkBalances(): Promise<void> {
    await run(() => apiPost('/console/admin/upstreams/check-balances'), 'Balances read.');
    await reloadKeepingNotice(load);
  }

  async function move(routeId: number, direction: 'up' | 'down'): Promise<void> {
    const r = await run(() => apiPost<Overview>(`/console/admin/routes/${routeId}/move`, { direction }));
    if (r) apply(r);
  }

  return {
    upstreams,
    routes,
    tests,
    busy,
    error,
    notice,
    warning,
    load,
    add,
    edit,
    test,
    checkBalances,
    move,
  };
});
