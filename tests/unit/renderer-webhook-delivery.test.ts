import { describe, expect, it } from 'vitest';
import { deliveryStateLabel, isDueNow } from '../../renderer/src/lib/webhook-delivery.js';
import type { WebhookDeliveryInfo } from '../../renderer/src/stores/adminTypes.js';

const at = '2026-11-25T10:00:00.000Z';
const minuteLater = '2026-11-25T10:01:00.000Z';
const row = (over: Partial<WebhookDeliveryInfo>): WebhookDeliveryInfo => ({
  id: 1,
  event_id: 'evt_1',
  event_type: 'transaction.succeeded',
  state: 'pending',
  attempts: 0,
  last_status: null,
  last_error: null,
  last_latency_ms: null,
  next_attempt_at: at,
  updated_at: at,
  ...over,
});

describe('the delivery log names a delivery by what happens to it', () => {
  it('a delivery whose attempts failed and that waits for its retry is failing, not plain pending', () => {
    const waiting = row({ attempts: 1, last_status: 500, next_attempt_at: minuteLater });
    expect(isDueNow(waiting)).toBe(false);
    expect(deliveryStateLabel(waiting)).toEqual({
      label: 'retrying',
      badge: 'badge-pending',
      detail: 'failing: last try HTTP 500',
    });
    expect(
      deliveryStateLabel({ ...waiting, last_status: null, last_error: 'connect ECONNREFUSED' }).detail,
    ).toBe('failing: last try connect ECONNREFUSED');
  });

  it('one brought forward by "Retry now" is due now: retrying now', () => {
    const replayed = row({ attempts: 1, last_status: 500 });
    expect(isDueNow(replayed)).toBe(true);
    expect(deliveryStateLabel(replayed).label).toBe('retrying now');
  });

  it('a delivery not tried yet is sending when due, queued otherwise', () => {
    expect(deliveryStateLabel(row({})).label).toBe('sending');
    expect(deliveryStateLabel(row({ next_attempt_at: minuteLater })).label).toBe('queued');
  });

  it('delivered and failed say so; failed says after how many attempts and the last answer', () => {
    const done = row({ state: 'delivered', attempts: 2, last_status: 200, next_attempt_at: null });
    expect(deliveryStateLabel(done)).toEqual({ label: 'delivered', badge: 'badge-success', detail: '' });
    expect(isDueNow(done)).toBe(false);
    expect(
      deliveryStateLabel(row({ state: 'failed', attempts: 12, last_status: 503, next_attempt_at: null })),
    ).toEqual({
      label: 'failed',
      badge: 'badge-failed',
      detail: 'gave up after 12 attempts; last: HTTP 503',
    });
  });
});
