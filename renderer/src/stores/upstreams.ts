import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { Answer, Body } from '../api/types.js';
import type { ConnectionTest, RouteInfo, UpstreamInfo } from './adminTypes.js';
import { createRunner } from './runner.js';

type NewUpstream = Body<'/console/admin/upstreams', 'post'>;
/** Only the fields given change; an empty secret keeps the stored one (the node's patch schema). */
export type UpstreamPatch = Body<'/console/admin/upstreams/{name}', 'patch'>;

/**
 * The upstream form's fields: those the node's add schema takes, each present, a blank text ''
 * (sent as null on add); the options as an upstream shows them. The secret is sent once: the
 * node keeps it sealed and never returns it.
 */
export type UpstreamDraft = {
  [K in Exclude<keyof NewUpstream, 'options'>]-?: NonNullable<NewUpstream[K]>;
} & { options: UpstreamInfo['options'] };

type Overview = Answer<'/console/admin/upstreams', 'get'>;

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
    await run(async () => apply(await api.get('/console/admin/upstreams')));
  }

  async function add(d: UpstreamDraft): Promise<boolean> {
    const body: NewUpstream = {
      ...d,
      base_url: d.base_url || null,
      merchant_code: d.merchant_code || null,
      key: d.key || null,
      secret: d.secret || null,
    };
    const r = await run(
      () => api.post('/console/admin/upstreams', { body }),
      (u) => `Upstream ${u.name} added.`,
    );
    if (!r) return false;
    await reloadKeepingNotice(load);
    warning.value = r.warning ?? '';
    return true;
  }

  /** Only the fields given change; an empty secret keeps the stored one. */
  async function edit(name: string, patch: UpstreamPatch): Promise<boolean> {
    const r = await run(
      () => api.patch('/console/admin/upstreams/{name}', { path: { name }, body: patch }),
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
    const r = await run(() => api.post('/console/admin/upstreams/{name}/test', { path: { name } }));
    if (!r) return;
    tests.value = { ...tests.value, [name]: r };
    // The node kept the balance the test read: the card's balance line shows it too.
    await reloadKeepingNotice(load);
  }

  async function checkBalances(): Promise<void> {
    await run(() => api.post('/console/admin/upstreams/check-balances'), 'Balances read.');
    await reloadKeepingNotice(load);
  }

  async function move(routeId: number, direction: 'up' | 'down'): Promise<void> {
    const r = await run(() =>
      api.post('/console/admin/routes/{id}/move', { path: { id: routeId }, body: { direction } }),
    );
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
