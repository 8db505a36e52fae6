/** Everything a node needs to start; built from flags, then env, then defaults (DESIGN "Runtime modes"). */
export interface NodeConfig {
    dataDir: string;
    host: string;
    port: number;
    smtpUrl: string | null;
    /** Extra Host header names accepted besides localhost/127.0.0.1/[::1] (DNS-rebinding guard). */
    allowedHosts: string[];
    /** Proxies whose X-Forwarded-For is believed; empty means the socket address is the client IP. */
    trustedProxies: string[];
    /** Requests per minute per (credential, IP); 0 turns rate limiting off (benchmarks). */
    rateLimitPerMinute: number;
    /** How long sync routes and bills wait for the vend outcome before answering pending. */
    syncTimeoutMs: number;
    /** Run schedules (poller, catalog sync, reports). Tests may turn them off. */
    schedules: boolean;
    /** Print the DEMO credentials when a new data directory is initialised. */
    printFirstRun: boolean;
    logLevel: string;
}
export declare const DEFAULTS: {
    readonly dataDir: "./data";
    readonly host: "127.0.0.1";
    readonly port: 7300;
    readonly rateLimitPerMinute: 6000;
    readonly syncTimeoutMs: 30000;
};
export declare function configFromArgs(argv: string[], env?: NodeJS.ProcessEnv): NodeConfig;
export declare function testConfig(dataDir: string, overrides?: Partial<NodeConfig>): NodeConfig;
