import type { Answer } from '../api/types.js';

type WebhookDeliveryInfo = Answer<'/console/admin/webhooks/{id}/deliveries', 'get'>['deliveries'][number];

/**
 * How the delivery log names a delivery's state. The node's word "pending" covers three cases
 * an operator must tell apart: a delivery not tried yet, one going out now, and one whose
 * attempts failed and that waits for its next retry: that one is failing and is said so.
 */
export interface DeliveryStateLabel {
  label: string;
  badge: 'badge-success' | 'badge-failed' | 'badge-pending' | 'badge-neutral';
  /** Why, in a few words (the last answer of a failing delivery); empty when nothing to add. */
  detail: string;
}

/** Longer than the node's clocks disagree between two writes of one row, shorter than any retry delay (a minute or more). */
const DUE_SLACK_MS = 5_000;

/**
 * Due now: pending and scheduled no later than its last change (new, or replayed). Judged on the
 * row's own two times, both the node's clock, so a console whose clock is off does not matter.
 */
export function isDueNow(d: WebhookDeliveryInfo): boolean {
  if (d.state !== 'pending' || d.next_attempt_at === null) return false;
  return Date.parse(d.next_attempt_at) <= Date.parse(d.updated_at) + DUE_SLACK_MS;
}

/** The receiver's last answer: its HTTP status, or what went wrong on the way. */
export function lastAnswer(d: WebhookDeliveryInfo): string {
  return d.last_status !== null ? `HTTP ${d.last_status}` : (d.last_error ?? '');
}

export function deliveryStateLabel(d: WebhookDeliveryInfo): DeliveryStateLabel {
  if (d.state === 'delivered') return { label: 'delivered', badge: 'badge-success', detail: '' };
  const answer = lastAnswer(d);
  if (d.state === 'failed')
    return {
      label: 'failed',
      badge: 'badge-failed',
      detail: `gave up after ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}${answer ? `; last: ${answer}` : ''}`,
    };
  if (d.attempts === 0)
    return { label: isDueNow(d) ? 'sending' : 'queued', badge: 'badge-neutral', detail: '' };
  return {
    label: isDueNow(d) ? 'retrying now' : 'retrying',
    badge: 'badge-pending',
    detail: `failing${answer ? `: last try ${answer}` : ''}`,
  };
}
