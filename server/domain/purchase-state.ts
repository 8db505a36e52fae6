/**
 * The purchase state machine (DESIGN "Purchase lifecycle"): pending -> success | failed, and a
 * completed sale may later be reversed (its money returned): success -> reversed, never back.
 */
export type PurchaseState = 'pending' | 'success' | 'failed' | 'reversed';
export type ResponseCode = '00' | '01' | '02';

const TRANSITIONS: Record<PurchaseState, readonly PurchaseState[]> = {
  pending: ['success', 'failed'],
  success: ['reversed'],
  failed: [],
  reversed: [],
};

/** Settled: the vend is over (a success may still be reversed later, by an operator or the upstream). */
export function isTerminal(state: PurchaseState): boolean {
  return state !== 'pending';
}

export function canTransition(from: PurchaseState, to: PurchaseState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The states a purchase may move to `to` from: the store's SQL guards its settling updates with these. */
export function statesThatMayBecome(to: PurchaseState): PurchaseState[] {
  return (Object.keys(TRANSITIONS) as PurchaseState[]).filter((from) => canTransition(from, to));
}

export function transition(from: PurchaseState, to: PurchaseState): PurchaseState {
  if (!canTransition(from, to)) throw new Error(`illegal purchase transition ${from} -> ${to}`);
  return to;
}

// A reversed sale answers as failed to integrators: the money is back in the wallet, which is
// what `01` has always meant to a client; the `reversed` field tells the two apart.
const OUTCOME: Record<PurchaseState, { code: ResponseCode; message: string; num: 0 | 1 | 2 }> = {
  success: { code: '00', message: 'Successful', num: 0 },
  failed: { code: '01', message: 'Failed', num: 1 },
  reversed: { code: '01', message: 'Reversed', num: 1 },
  pending: { code: '02', message: 'Pending', num: 2 },
};

/**
 * The status an integrator sees: the spec knows only success, failed and pending, so a
 * reversed sale answers `failed` (its money is back in the wallet, which is what `failed`
 * promises); the answer's `reversed` fields tell the two apart.
 */
export function publicStatusOf(state: PurchaseState): Exclude<PurchaseState, 'reversed'> {
  return state === 'reversed' ? 'failed' : state;
}

export function responseCodeOf(state: PurchaseState): ResponseCode {
  return OUTCOME[state].code;
}
export function responseMessageOf(state: PurchaseState): string {
  return OUTCOME[state].message;
}
/** The list filter's integer form of response_code (DESIGN: 0 success, 1 failed, 2 pending). */
export function stateFromStatusFilter(n: number): PurchaseState | null {
  return (['success', 'failed', 'pending'] as const)[n] ?? null;
}

/** Which money-returning ledger entries a purchase had by some instant. */
export interface SettledBy {
  refunded: boolean;
  reversed: boolean;
  corrected: boolean;
}

/**
 * A purchase's state as it stood at an instant (a report's day end), from its state now and
 * the ledger entries it had by then: the money tells every settled change apart. A sale that
 * was pending then and succeeded later moved no money, so it shows as its state now.
 */
export function stateAt(now: PurchaseState, by: SettledBy): PurchaseState {
  if (by.reversed) return 'reversed';
  if (by.corrected) return 'success'; // refunded, then debited again when the provider proved it delivered
  if (by.refunded) return 'failed';
  if (now === 'failed') return 'pending'; // refunded later
  if (now === 'reversed') return 'success'; // only a completed sale is reversed
  return now;
}
