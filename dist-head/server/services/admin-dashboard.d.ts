import type { Services } from './context.js';
import type { Environment } from '../store/credentials-crypto.js';
/**
 * The operator's morning glance (issue 7 "Dashboard"): today's sales of every merchant by
 * product and status, what the wallets hold, what is pending or needs an admin, and the
 * health of each upstream (balance and circuit, read from SQLite and memory: no network).
 */
export declare function dashboard(s: Services, env: Environment): {
    environment: Environment;
    date: string;
    timezone: string;
    sales: {
        product: string;
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
    }[];
    totals: {
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
    wallets: {
        balance: string;
        count: number;
    };
    pending: {
        pending: number;
        needs_attention: number;
    };
    upstreams: import("../jobs/upstream-health.js").UpstreamHealth[];
    low_balance_upstreams: string[];
    open_circuits: string[];
    catalog_sync: {
        finished_at: string;
        ok: boolean;
        trigger: string;
    } | null;
};
