const TRANSITIONS = {
    pending: ['success', 'failed'],
    success: [],
    failed: [],
};
export function isTerminal(state) {
    return TRANSITIONS[state].length === 0;
}
export function canTransition(from, to) {
    return TRANSITIONS[from].includes(to);
}
export function transition(from, to) {
    if (!canTransition(from, to))
        throw new Error(`illegal purchase transition ${from} -> ${to}`);
    return to;
}
const OUTCOME = {
    success: { code: '00', message: 'Successful', num: 0 },
    failed: { code: '01', message: 'Failed', num: 1 },
    pending: { code: '02', message: 'Pending', num: 2 },
};
export function responseCodeOf(state) {
    return OUTCOME[state].code;
}
export function responseMessageOf(state) {
    return OUTCOME[state].message;
}
/** The list filter's integer form of response_code (DESIGN: 0 success, 1 failed, 2 pending). */
export function stateFromStatusFilter(n) {
    return ['success', 'failed', 'pending'][n] ?? null;
}
//# sourceMappingURL=purchase-state.js.map