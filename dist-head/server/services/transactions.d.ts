import type { Services, Caller } from './context.js';
import { type Purchase } from '../store/purchases.js';
export type Surface = 'v1' | 'ext' | 'internal';
/** auto: airtime/data async, bills sync (v1, internal) or async (ext). */
export type CreateMode = 'auto' | 'sync' | 'async';
export interface CreateOptions {
    surface: Surface;
    mode: CreateMode;
    forcedProduct?: 'airtime' | 'data';
    /** The internal API names the plan field `plan` instead of `plan_code`. */
    planField?: 'plan_code' | 'plan';
}
export declare const MAX_KEY_LENGTH = 100;
export declare function parseIdempotencyKey(value: unknown, field: string, max?: number): string;
export declare function checkMerchantCode(caller: Caller, value: unknown): void;
export declare function checkLiveBillEnabled(caller: Caller, product: string): void;
/**
 * Creates a purchase: validate, then one transaction stores it, debits the wallet and
 * enqueues the vend (group-committed); then the worker vends. Sync creates wait for the
 * outcome up to the configured timeout.
 */
export declare function createTransaction(s: Services, caller: Caller, body: Record<string, unknown>, opts: CreateOptions): Promise<{
    purchase: Purchase;
    waited: boolean;
}>;
