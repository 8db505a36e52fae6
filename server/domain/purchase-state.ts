/** The purchase state machine (DESIGN "Purchase lifecycle"): pending -> success | failed, never back. */
export type PurchaseState = 'pending' | 'success' | 'failed';
export type ResponseCode = '00' | '01' | '02';

const TRANSITIONS: Record<PurchaseState, readonly PurchaseState[]> = {
  pending: ['success', 'failed'],
  success: [],
  failed: [],
};

export function isTerminal(state: PurchaseState): boolean {
  return TRANSITIONS[state].length === 0;
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

const OUTCOME: Record<PurchaseState, { code: ResponseCode; message: string; num: 0 | 1 | 2 }> = {
  success: { code: '00', message: 'Successful', num: 0 },
  failed: { code: '01', message: 'Failed', num: 1 },
  pending: { code: '02', message: 'Pending', num: 2 },
};

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
