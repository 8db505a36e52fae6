import type { Services } from './context.js';
/** Upstreams with their routes (ids and priorities, for the editor) and health; never a secret. */
export declare function upstreamsOverview(s: Services): {
    upstreams: {
        health: import("../jobs/upstream-health.js").UpstreamHealth | null;
        id: number;
        name: string;
        type: import("../store/upstreams.js").UpstreamType;
        base_url: string | null;
        merchant_code: string | null;
        key: string | null;
        has_secret: boolean;
        options: Record<string, unknown>;
        enabled: boolean;
        routes: {
            product: string;
            network: string;
            priority: number;
        }[];
        created_at: string;
        updated_at: string;
    }[];
    routes: {
        id: number;
        product: string;
        network: string;
        upstream: string;
        priority: number;
    }[];
};
/**
 * "Test connection" (issue 7): the provider's health check and its wallet balance, which
 * also proves our key and secret. Messages never carry the secret (the client scrubs them).
 */
export declare function testUpstreamConnection(s: Services, name: string, actor: string): Promise<{
    name: string;
    type: import("../store/upstreams.js").UpstreamType;
    ok: boolean;
    health: {
        ok: boolean;
        detail: string;
        ms: number;
    };
    balance: string | null;
    balance_error: string | null;
    circuit: {
        state: "closed" | "open" | "half-open";
        failures: number;
        open_until: string | null;
    };
    checked_at: string;
}>;
