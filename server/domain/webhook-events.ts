import type { PurchaseState } from './purchase-state.js';

/** Every event type a merchant can subscribe to (docs/webhooks.md describes each). */
export const EVENT_TYPES = [
  'transaction.succeeded',
  'transaction.failed',
  'transaction.reversed',
  'giftcard_order.succeeded',
  'giftcard_order.failed',
  'esim_order.succeeded',
  'esim_order.failed',
  'wallet.funded',
  'wallet.adjusted',
  'wallet.low_balance',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const PREFIX: Record<'transaction' | 'giftcard' | 'esim', string> = {
  transaction: 'transaction',
  giftcard: 'giftcard_order',
  esim: 'esim_order',
};

export function eventTypeOfOutcome(
  kind: 'transaction' | 'giftcard' | 'esim',
  state: Exclude<PurchaseState, 'pending'>,
): EventType {
  // One reversal event for every kind: orders have no event of their own, and a reversal is rare
  // enough that integrators handle it in one place; `data` is still that object's own answer.
  if (state === 'reversed') return 'transaction.reversed';
  return `${PREFIX[kind]}.${state === 'success' ? 'succeeded' : 'failed'}` as EventType;
}

/** Validates a subscription list; "*" alone means every type, including ones added later. */
export function parseEventTypes(input: readonly string[]): string[] | null {
  if (input.length === 0) return null;
  if (input.length === 1 && input[0] === '*') return ['*'];
  const known = new Set<string>(EVENT_TYPES);
  if (!input.every((t) => known.has(t))) return null;
  return [...new Set(input)];
}

export function endpointWants(types: readonly string[], type: string): boolean {
  return types.includes('*') || types.includes(type);
}

/** When the retries are due, counted from the first attempt: 24 h of them, then the delivery is failed. */
const RETRY_OFFSETS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
];

/** Waits after the 1st, 2nd, ... failed attempt; after the last one the delivery is failed. */
export const RETRY_SCHEDULE_MS: readonly number[] = RETRY_OFFSETS_MS.map(
  (at, i) => at - (RETRY_OFFSETS_MS[i - 1] ?? 0),
);

/** When the next attempt is due after `attempts` failed ones, or null when it is time to give up. */
export function nextAttemptAt(attempts: number, nowMs: number, schedule = RETRY_SCHEDULE_MS): number | null {
  const wait = schedule[attempts - 1];
  return wait === undefined ? null : nowMs + wait;
}
