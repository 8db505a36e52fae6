import type { Db } from './db.js';
/** Upstream balance readings (issue 5 "Upstream health"), kept for the console. */
export interface BalanceReading {
    upstream_name: string;
    balance_kobo: number | null;
    threshold_kobo: number;
    low_balance: boolean;
    error: string | null;
    checked_at: string;
}
export declare function recordBalanceReading(db: Db, r: BalanceReading): void;
/** Per upstream: its latest reading, and its latest one that read a balance. */
export declare function latestBalanceReadings(db: Db): Map<string, {
    latest: BalanceReading;
    latestOk: BalanceReading | null;
}>;
