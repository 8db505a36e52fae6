import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import { formatNaira, parseAmountInput } from '../../../common/money-display.js';
import { koboToApiNaira } from '../../../common/money.js';
import type { MerchantWebhooks, WebhookDeliveryInfo } from './adminTypes.js';
import type { Environment } from '../api/types.js';
import { createRunner } from './runner.js';
import { isDueNow } from '../lib/webhook-delivery.js';
import { formatDateTime } from '../lib/time.js';

/** Reads of the open log after a replay, and the pause before each: about 8 s at most. */
const FOLLOW_READS = 8;
const FOLLOW_EVERY_MS = 1_000;

/** Merchants → Webhooks: one merchant's endpoints, the delivery log of one of them, thresholds. */
export const useAdminWebhooksStore = defineStore('adminWebhooks', () => {
  const code = ref('');
  const info = ref<MerchantWebhooks | null>(null);
  const selected = ref<string | null>(null);
  const deliveries = ref<WebhookDeliveryInfo[]>([]);
  /**
   * The signing secret of an endpoint just created or rotated: shown once, with whose it is (it
   * stays on screen while another merchant is picked, so it must say which merchant it signs for).
   */
  const revealed = ref<{ id: string; secret: string; merchant: string; environment: string } | null>(null);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();
  const merchant = () => ({ code: code.value });

  async function load(): Promise<void> {
    if (!code.value) return;
    await run(async () => {
      info.value = await api.get('/console/admin/merchants/{code}/webhooks', { path: merchant() });
    });
    if (selected.value) await loadDeliveries(selected.value);
  }

  async function select(merchantCode: string): Promise<void> {
    code.value = merchantCode;
    selected.value = null;
    deliveries.value = [];
    // A signing secret on screen stays until the admin says it is stored (or leaves the page,
    // which asks first): picking another merchant must not lose it unasked.
    await load();
  }

  /** Bumped by anything that replaces the open log: a follow that is no longer about it stops. */
  let following = 0;
  const deliveriesOf = (id: string) => api.get('/console/admin/webhooks/{id}/deliveries', { path: { id } });

  async function loadDeliveries(id: string): Promise<void> {
    selected.value = id;
    following += 1;
    const r = await run(() => deliveriesOf(id));
    if (r) deliveries.value = r.deliveries;
  }

  /**
   * After a replay the sending thread sends within moments, not in this answer: the open log is
   * read again quietly (no busy state, the notice kept) until no delivery in it is due now, or
   * FOLLOW_READS reads have passed, so the operator sees "delivered" without pressing Refresh.
   */
  async function followOpenLog(id: string): Promise<void> {
    const mine = ++following;
    for (let read = 0; read < FOLLOW_READS; read++) {
      await new Promise((r) => setTimeout(r, FOLLOW_EVERY_MS));
      if (mine !== following || selected.value !== id) return;
      let rows: WebhookDeliveryInfo[];
      try {
        rows = (await deliveriesOf(id)).deliveries;
      } catch {
        return; // Refresh still works; a failed quiet read says nothing of its own.
      }
      if (mine !== following || selected.value !== id) return;
      deliveries.value = rows;
      if (!rows.some(isDueNow)) return;
    }
  }

  /** The page is left: a follow still running stops. */
  function stopFollowing(): void {
    following += 1;
  }

  async function add(environment: Environment, url: string, eventTypes: string[]): Promise<boolean> {
    const r = await run(
      () =>
        api.post('/console/admin/merchants/{code}/webhooks', {
          path: merchant(),
          body: { environment, url, event_types: eventTypes },
        }),
      (v) => `Endpoint ${v.id} added. Copy its signing secret now: it is not shown again.`,
    );
    if (!r) return false;
    revealed.value = { id: r.id, secret: r.secret, merchant: code.value, environment };
    await reloadKeepingNotice(load);
    return true;
  }

  /** Runs an endpoint's action, then reloads the merchant's endpoints, keeping the action's message. */
  async function action(work: () => Promise<unknown>, success: string): Promise<void> {
    const r = await run(work, success);
    if (r === null) return;
    await reloadKeepingNotice(load);
  }

  /** A test event the receiver did not take is a failure to fix, said as one (red), not as a notice. */
  async function sendTest(id: string): Promise<void> {
    const v = await run(() => api.post('/console/admin/webhooks/{id}/test', { path: { id } }));
    if (!v) return;
    if (v.delivered) notice.value = `Test event delivered (HTTP ${v.status_code}, ${v.latency_ms} ms).`;
    else
      error.value = `Test event not delivered: ${
        v.error ?? `the receiver answered HTTP ${v.status_code}`
      }. Check that the endpoint's URL is right and its receiver answers 2xx.`;
  }
  async function replay(id: string, deliveryId?: number): Promise<void> {
    // One row's Retry now or Replay sends that delivery alone: the notice names its event.
    const one = deliveryId === undefined ? undefined : deliveries.value.find((d) => d.id === deliveryId);
    await action(
      () =>
        api.post('/console/admin/webhooks/{id}/replay', {
          path: { id },
          body: deliveryId ? { delivery_id: deliveryId } : {},
        }),
      deliveryId
        ? `${one?.event_id ?? `Delivery ${deliveryId}`} is being sent again now.`
        : 'Failed and retrying deliveries go out again now.',
    );
    if (!error.value && selected.value === id) void followOpenLog(id);
  }
  const setPaused = (id: string, paused: boolean) =>
    action(
      () =>
        api.post('/console/admin/webhooks/{id}/status', {
          path: { id },
          body: { status: paused ? 'paused' : 'enabled' },
        }),
      paused ? 'Endpoint paused.' : 'Endpoint resumed.',
    );

  async function rotate(id: string): Promise<void> {
    // Rotated inside an earlier window, the secrets replaced sign until that window's end if later.
    const r = await run(
      () => api.post('/console/admin/webhooks/{id}/rotate', { path: { id }, body: {} }),
      (v) =>
        v.old_secret_expires_at
          ? `New secret issued; the secrets it replaced keep signing until ${formatDateTime(v.old_secret_expires_at)}.`
          : 'New secret issued.',
    );
    const environment = info.value?.webhooks.find((e) => e.id === id)?.environment ?? '';
    if (r) revealed.value = { id: r.id, secret: r.secret, merchant: code.value, environment };
  }

  async function remove(id: string): Promise<void> {
    await run(() => api.delete('/console/admin/webhooks/{id}', { path: { id } }), `Endpoint ${id} removed.`);
    // A refusal stays on screen: reloading would clear it.
    if (error.value) return;
    if (selected.value === id) selected.value = null;
    await reloadKeepingNotice(load);
  }

  async function setThreshold(env: Environment, amount: string): Promise<void> {
    await run(
      () =>
        api.put('/console/admin/merchants/{code}/wallets/{env}/low-balance', {
          path: { ...merchant(), env },
          // "10,000" and "₦10,000" as people type them, as on the wallet page; anything else
          // goes as typed, for the node to refuse in words.
          body: { amount: amount.trim() === '' ? null : nairaOrTyped(amount.trim()) },
        }),
      (v) =>
        v.low_balance_threshold
          ? `Alert below ${formatNaira(v.low_balance_threshold)}.`
          : 'Low-balance alert off.',
    );
    // A refused amount keeps its error and the typed value: reloading would clear both, which
    // read as "alert turned off".
    if (error.value) return;
    await reloadKeepingNotice(load);
  }

  return {
    code,
    info,
    selected,
    deliveries,
    revealed,
    busy,
    error,
    notice,
    select,
    load,
    loadDeliveries,
    add,
    sendTest,
    replay,
    setPaused,
    rotate,
    remove,
    setThreshold,
    stopFollowing,
  };
});

function nairaOrTyped(text: string): string {
  const kobo = parseAmountInput(text);
  return kobo === null ? text : koboToApiNaira(kobo);
}
