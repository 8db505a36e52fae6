import type { VendOutcome } from '../../domain/vend-outcome.js';
import type { CatalogSnapshot, Upstream, VendRequest, VerifyRequest, VerifyResult } from '../types.js';
export interface VendingApiConfig {
    name: string;
    baseUrl: string;
    merchantCode: string;
    key: string;
    secret: string;
    options: Record<string, unknown>;
}
export declare const DEFAULT_TIMEOUT_MS = 15000;
export declare const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/**
 * An upstream that is itself a Vending Service Interface provider: another VendPoint node, or
 * a real provider a host resells. Each vend() makes exactly one create call and never retries
 * it; anything ambiguous comes back `unknown` for the poller to requery.
 */
export declare class VendingApiUpstream implements Upstream {
    private readonly config;
    readonly type: "vending-api";
    readonly name: string;
    private readonly http;
    constructor(config: VendingApiConfig);
    vend(req: VendRequest): Promise<VendOutcome>;
    requery(req: VendRequest): Promise<VendOutcome>;
    verify(req: VerifyRequest): Promise<VerifyResult>;
    /**
     * A section is present only when every list in it was read, so a catalog sync never mistakes
     * one failed network for an emptied one. Throws only when nothing at all could be read.
     */
    catalogs(): Promise<CatalogSnapshot>;
    /** The provider's QR when it has one; otherwise the same LPA string rendered here. */
    qrcode(req: VendRequest, lpa: string): Promise<Buffer>;
    balance(): Promise<number | null>;
    close(): Promise<void>;
    private call;
    /** Provider messages are copied into reasons; a provider echoing our secret must not leak it. */
    private scrub;
    private scrubbed;
}
export declare function createVendingApiUpstream(config: VendingApiConfig): Upstream;
