import type { Services } from './context.js';
import type { Environment } from '../store/credentials-crypto.js';
import { type SalesTally } from '../store/admin-queries.js';
import { type Cashup } from '../store/admin-cashups.js';
import { type Kobo } from '../domain/money.js';
interface Tally {
    count: number;
    amount_kobo: number;
}
export interface ShiftSummary {
    /** Successful sales per product: the cash the agent took for goods delivered. */
    by_product: ({
        product: string;
    } & Tally)[];
    by_status: Record<'success' | 'pending' | 'failed', Tally>;
}
/** Folds per-product-and-state rows into the cash-up's two views. */
export declare function summariseShift(rows: SalesTally[]): ShiftSummary;
/** The open shift of an agent, not yet recorded: what the cash-up would say now. */
export declare function previewCashup(s: Services, userId: number, env: Environment, from?: unknown): {
    note: string;
    closed_by: null;
    created_at: null;
    by_product: {
        count: number;
        amount: string;
        product: string;
    }[];
    by_status: {
        success: {
            count: number;
            amount: string;
        };
        pending: {
            count: number;
            amount: string;
        };
        failed: {
            count: number;
            amount: string;
        };
    };
    sales_count: number;
    total: string;
    counted: string | null;
    difference: string | null;
    id: null;
    user: {
        id: number;
        username: string;
        role: import("../store/console-users.js").ConsoleRole;
    };
    merchant: string;
    environment: Environment;
    shift_start: string;
    shift_end: string;
};
/** Closes the agent's shift now: tallies its sales and records the cash-up (audited). */
export declare function closeCashup(s: Services, userId: number, env: Environment, input: {
    from?: unknown;
    countedKobo: Kobo | null;
    note: string;
}, actor: string): {
    note: string;
    closed_by: string;
    created_at: string;
    by_product: {
        count: number;
        amount: string;
        product: string;
    }[];
    by_status: {
        success: {
            count: number;
            amount: string;
        };
        pending: {
            count: number;
            amount: string;
        };
        failed: {
            count: number;
            amount: string;
        };
    };
    sales_count: number;
    total: string;
    counted: string | null;
    difference: string | null;
    id: number;
    user: {
        id: number;
        username: string;
        role: import("../store/console-users.js").ConsoleRole;
    };
    merchant: string;
    environment: Environment;
    shift_start: string;
    shift_end: string;
};
/** A recorded cash-up as the console shows and prints it. */
export declare function cashupJson(s: Services, c: Cashup): {
    note: string;
    closed_by: string;
    created_at: string;
    by_product: {
        count: number;
        amount: string;
        product: string;
    }[];
    by_status: {
        success: {
            count: number;
            amount: string;
        };
        pending: {
            count: number;
            amount: string;
        };
        failed: {
            count: number;
            amount: string;
        };
    };
    sales_count: number;
    total: string;
    counted: string | null;
    difference: string | null;
    id: number;
    user: {
        id: number;
        username: string;
        role: import("../store/console-users.js").ConsoleRole;
    };
    merchant: string;
    environment: Environment;
    shift_start: string;
    shift_end: string;
};
export {};
