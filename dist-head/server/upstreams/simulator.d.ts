import type { VendOutcome } from '../domain/vend-outcome.js';
import type { CatalogSnapshot, Upstream, VendRequest, VerifyRequest, VerifyResult } from './types.js';
export interface SimulatorOptions {
    latencyMs?: number;
    /** Share of vends answered pending first (resolved on a later requery). */
    pendingRate?: number;
    /** Share of vends that fail definitively. */
    failureRate?: number;
    /** How long a pending vend stays pending before a requery resolves it. */
    pendingForMs?: number;
    /**
     * Gift cards with `standard` stock and eSIMs answer pending first, then resolve on a
     * requery, as real fulfilment does. Default: on for simulators an operator routes live
     * traffic to (demos), off for the built-in test simulator, whose test orders answer 00 at
     * once (DESIGN "Simulator defaults").
     */
    slowFulfilment?: boolean;
}
/** The name of the built-in simulator that serves all test-credential traffic. */
export declare const TEST_SIMULATOR_NAME = "simulator";
/** The spec's test identifiers (Authentication, "Test credential behaviour"). */
export declare const TEST_IDS: {
    readonly prepaidMeter: "10000000001";
    readonly postpaidMeter: "10000000002";
    readonly cable: Record<string, string>;
    readonly betting: "TESTBET001";
};
export declare const TEST_TOKEN = "12345678901234567890";
export declare const TEST_CUSTOMER_NAME = "TEST CUSTOMER";
/**
 * The built-in upstream: serves all test-credential traffic with the spec's simulated
 * behaviour, and live traffic only where an operator routes to it (demos). Deterministic per
 * reference; pending vends resolve once `pendingForMs` has passed since the send.
 */
export declare class SimulatorUpstream implements Upstream {
    readonly name: string;
    private readonly opts;
    readonly type: "simulator";
    readonly inProcess = true;
    /** Vend calls per reference: tests use it to prove at most one vend. */
    readonly vendCalls: Map<string, number>;
    constructor(name?: string, opts?: SimulatorOptions);
    vend(req: VendRequest): Promise<VendOutcome>;
    requery(req: VendRequest): Promise<VendOutcome>;
    verify(req: VerifyRequest): Promise<VerifyResult>;
    catalogs(): Promise<CatalogSnapshot>;
    qrcode(_req: VendRequest, lpa: string): Promise<Buffer>;
    balance(): Promise<number | null>;
    private fulfilsSlowly;
    /** Bill vends re-check the test ids: the simulator accepts nothing else. */
    private rejectionOf;
    private deliver;
}
