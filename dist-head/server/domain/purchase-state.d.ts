/** The purchase state machine (DESIGN "Purchase lifecycle"): pending -> success | failed, never back. */
export type PurchaseState = 'pending' | 'success' | 'failed';
export type ResponseCode = '00' | '01' | '02';
export declare function isTerminal(state: PurchaseState): boolean;
export declare function canTransition(from: PurchaseState, to: PurchaseState): boolean;
export declare function transition(from: PurchaseState, to: PurchaseState): PurchaseState;
export declare function responseCodeOf(state: PurchaseState): ResponseCode;
export declare function responseMessageOf(state: PurchaseState): string;
/** The list filter's integer form of response_code (DESIGN: 0 success, 1 failed, 2 pending). */
export declare function stateFromStatusFilter(n: number): PurchaseState | null;
