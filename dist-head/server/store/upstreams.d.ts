import type { Db } from './db.js';
import type { SecretBox } from './secret-box.js';
export type UpstreamType = 'simulator' | 'vending-api';
export interface UpstreamRecord {
    id: number;
    name: string;
    type: UpstreamType;
    baseUrl: string | null;
    merchantCode: string | null;
    keyId: string | null;
    secretSealed: string | null;
    options: Record<string, unknown>;
    enabled: boolean;
    createdAt: string;
    updatedAt: string;
}
export interface RouteRecord {
    id: number;
    product: string;
    network: string;
    upstreamId: number;
    upstreamName: string;
    priority: number;
}
/** Products a route can name; airtime/data per telco, bills per platform, gift cards and eSIM. */
export declare const ROUTABLE_PRODUCTS: readonly ["airtime", "data", "ELECTRICITY", "CABLE", "BETTING", "giftcard", "esim"];
/** How an upstream is shown anywhere outside the store: never its secret. */
export declare function upstreamJson(u: UpstreamRecord, routes?: RouteRecord[]): {
    id: number;
    name: string;
    type: UpstreamType;
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
};
export interface UpstreamInput {
    name: string;
    type: UpstreamType;
    baseUrl?: string | null;
    merchantCode?: string | null;
    keyId?: string | null;
    secret?: string | null;
    options?: Record<string, unknown>;
    products?: string[];
}
/** Parses "airtime,data:MTN,ELECTRICITY" into product/network pairs. */
export declare function parseRouteList(list: string[]): {
    product: string;
    network: string;
}[];
export declare function addUpstream(db: Db, box: SecretBox, input: UpstreamInput, actor: string): UpstreamRecord;
export declare function updateUpstream(db: Db, box: SecretBox, name: string, patch: Partial<Omit<UpstreamInput, 'name' | 'type'>> & {
    enabled?: boolean;
}, actor: string): UpstreamRecord;
export declare function setRoutePriority(db: Db, routeId: number, priority: number, actor: string): void;
export declare function getUpstream(db: Db, id: number): UpstreamRecord | null;
export declare function getUpstreamByName(db: Db, name: string): UpstreamRecord | null;
export declare function listUpstreams(db: Db): UpstreamRecord[];
export declare function listRoutes(db: Db): RouteRecord[];
