import type { VendRequest, VerifyRequest } from '../types.js';
import type { HttpMethod } from './client.js';
/** One call to the provider's /v1 surface, built from a purchase; pure. */
export interface ApiCall {
    method: HttpMethod;
    path: string;
    body?: Record<string, unknown>;
}
export declare const DATA_NETWORKS: readonly ["mtn", "glo", "airtel", "9mobile"];
export declare const BILL_PRODUCTS: readonly ["electricity", "cable", "betting"];
/** Gift-card redemption into an eSIM (product ESIM) is ordered like an eSIM. */
export declare function isEsim(req: VendRequest): boolean;
/**
 * The create call for a purchase, or why it cannot be built. An invalid request is refused
 * here, before anything is sent, so it is safe to try another upstream.
 */
export declare function vendCallOf(req: VendRequest, merchantCode: string): ApiCall | {
    invalid: string;
};
/** The status/order read for a purchase: by our reference, never by the provider's id. */
export declare function requeryCallOf(req: VendRequest): ApiCall;
export declare function verifyCallOf(req: VerifyRequest, merchantCode: string): ApiCall;
export declare function qrcodePathOf(req: VendRequest): string;
export declare const CATALOG_PATHS: {
    readonly dataPlans: {
        network: "mtn" | "glo" | "airtel" | "9mobile";
        path: string;
    }[];
    readonly billPlans: {
        product: "electricity" | "cable" | "betting";
        path: string;
    }[];
    readonly giftcards: "/v1/giftcards/catalog";
    readonly esimPlans: "/v1/esim/catalog";
};
export declare const BALANCE_PATH = "/v1/wallet/balance";
