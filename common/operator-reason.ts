import { textLength } from './input-limits.js';

/**
 * How long an operator's reason is (flag, resolve, reverse, fund a wallet): the node refuses
 * others (server/domain/operator-rules.ts), and the console checks the same bounds before sending.
 */
export const OPERATOR_REASON_MIN = 3;
export const OPERATOR_REASON_MAX = 300;

/**
 * A reason's length as the node and the console both count it: the trimmed text in characters
 * (code points, as the console's schema counts `maxLength`), so an emoji is one, not two.
 */
export const operatorReasonLength = (text: string): number => textLength(text.trim());
