import type { Caller, Services } from './context.js';
import { type Kobo } from '../domain/money.js';
export type ConsoleSale = {
    kind: 'transaction';
    body: Record<string, unknown>;
} | {
    kind: 'giftcard';
    body: Record<string, unknown>;
} | {
    kind: 'esim';
    body: Record<string, unknown>;
};
/**
 * What a console sale will take from the customer, or null when it cannot be told yet (an
 * invalid body: the sale itself then fails with its own message, so nothing is hidden).
 */
export declare function consoleSaleKobo(s: Services, caller: Caller, sale: ConsoleSale): Kobo | null;
/**
 * The per-agent daily sales limit (issue 7 "Users"): what the agent sold today (Lagos day,
 * this environment, pending or successful) plus this sale may not pass the limit an admin
 * set. Read from the database on every sale, so a changed limit applies at once. Two sales
 * of one agent racing each other could both pass; a desk agent sells one at a time.
 */
export declare function assertWithinDailyLimit(s: Services, caller: Caller, sale: ConsoleSale): void;
