import type { Services } from '../services/context.js';
/**
 * Upstream health (issue 5): each live upstream's balance is read every five minutes and kept
 * in SQLite; a balance under the low-balance threshold is logged as a warning and flagged for
 * the console, beside the upstream's circuit state.
 *
 * Threshold: the upstream's own `lowBalanceNaira` option, else the `upstream_low_balance_naira`
 * setting, else ₦50,000.
 */
export declare const UPSTREAM_HEALTH_CRON = "0 */5 * * * *";
export declare const DEFAULT_LOW_BALANCE_NAIRA = "50000.00";
type Log = {
    warn: (o: object, m: string) => void;
};
export interface UpstreamHealth {
    name: string;
    type: 'simulator' | 'vending-api';
    enabled: boolean;
    circuit: ReturnType<Services['router']['breaker']['snapshot']>;
    /** Naira string of the last balance read, null when never read (or not reported). */
    balance: string | null;
    balance_checked_at: string | null;
    low_balance: boolean;
    low_balance_threshold: string;
    /** The last attempt, successful or not. */
    last_checked_at: string | null;
    last_error: string | null;
}
/** Reads every enabled live upstream's balance once, records it, warns when low. */
export declare function checkUpstreamBalances(s: Services, log?: Log): Promise<UpstreamHealth[]>;
/** What the console shows per upstream; reads SQLite and the circuit breaker, no network. */
export declare function upstreamHealth(s: Services): UpstreamHealth[];
export declare function upstreamHealthJob(s: Services, log: Log): {
    expression: string;
    run: () => Promise<unknown>;
};
export {};
