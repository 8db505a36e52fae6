import type { Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { type DeliveryState, type SendMode } from '../reports/delivery-policy.js';
/** One daily report e-mail: merchant, environment and day (see reports/delivery-policy.ts). */
export interface ReportDelivery {
    id: number;
    merchantId: number;
    merchantCode: string;
    environment: Environment;
    reportDate: string;
    timezone: string;
    state: DeliveryState;
    recipients: string[];
    attempts: number;
    lastError: string | null;
    nextAttemptAt: string | null;
    claimedAt: string | null;
    sentAt: string | null;
    lastSentAt: string | null;
    messageId: string | null;
    resendCount: number;
    attached: boolean | null;
    summary: Record<string, unknown> | null;
    createdAt: string;
    updatedAt: string;
}
export declare function getDeliveryById(db: Db, id: number): ReportDelivery | null;
export declare function findDelivery(db: Db, merchantId: number, env: Environment, day: string): ReportDelivery | null;
/** The delivery of a day, created `pending` if it does not exist yet (idempotent). */
export declare function ensureDelivery(db: Db, input: {
    merchantId: number;
    environment: Environment;
    day: string;
    timezone: string;
    nowIso: string;
}): ReportDelivery;
/** `merchantId|environment|day` of every delivery on or after a day: what the schedule skips. */
export declare function deliveryKeysSince(db: Db, day: string): Set<string>;
/**
 * Takes a delivery for one send attempt. A conditional UPDATE, so of two processes (node and
 * CLI) at most one wins; the scheduled mode also waits for `next_attempt_at`. Null: not ours.
 */
export declare function claimDelivery(db: Db, id: number, mode: SendMode, nowIso: string): ReportDelivery | null;
export declare function markDeliverySent(db: Db, id: number, r: {
    nowIso: string;
    messageId: string;
    recipients: string[];
    attached: boolean;
    summary: unknown;
    note: string | null;
    resend: boolean;
}): ReportDelivery;
/**
 * Records a failed attempt: `retrying` with the next attempt time, or `failed` when none is
 * given; a delivery that already went out once stays `sent`, keeping the error.
 */
export declare function markDeliveryFailed(db: Db, id: number, r: {
    nowIso: string;
    error: string;
    recipients: string[];
    nextAttemptAt: string | null;
}): ReportDelivery;
/**
 * Claims a dead process left in `sending` (claimed before `staleBeforeIso`) become `failed`,
 * not retried: the e-mail may have gone out before the crash, and a report is never sent
 * twice automatically. The console shows them; an operator resends if the merchant has none.
 */
export declare function failInterruptedDeliveries(db: Db, staleBeforeIso: string, nowIso: string): number;
/** What the schedule should attempt now: never-attempted deliveries and retries that are due. */
export declare function listDeliveriesToAttempt(db: Db, nowIso: string): ReportDelivery[];
/** Says why pending deliveries wait without spending an attempt (no SMTP server configured). */
export declare function notePendingDeliveries(db: Db, ids: number[], note: string, nowIso: string): number;
export interface DeliveryFilter {
    merchantId?: number;
    environment?: Environment;
    state?: DeliveryState;
    from?: string;
    to?: string;
}
/** Newest day first, for the console list. */
export declare function listDeliveries(db: Db, f: DeliveryFilter, limit?: number, offset?: number): {
    rows: ReportDelivery[];
    total: number;
};
