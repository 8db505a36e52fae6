/**
 * How long an operator's reason is (flag, resolve, reverse, fund a wallet): the node refuses
 * others (server/domain/operator-rules.ts), and the console checks the same bounds before sending.
 */
export const OPERATOR_REASON_MIN = 3;
export const OPERATOR_REASON_MAX = 300;
