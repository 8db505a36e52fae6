/**
 * The HTTP transport of the vending-api upstream. Its one job beyond sending bytes is to say
 * truthfully whether a request may have reached the provider: `sent: false` only when undici
 * never handed the request to a socket (DNS failure, connection refused, connect or TLS
 * timeout, abandoned in the queue). Everything after that point is "may have been vended".
 */
export type HttpResult = {
    ok: true;
    status: number;
    contentType: string;
    body: Buffer;
} | {
    ok: false;
    sent: boolean;
    code: string;
    message: string;
};
export interface TransportOptions {
    baseUrl: string;
    key: string;
    secret: string;
    /** Headers and body idle timeout; also bounds the whole exchange with connectTimeoutMs. */
    timeoutMs: number;
    connectTimeoutMs: number;
    connections?: number;
}
/** Spec envelopes are small; a vend answer larger than this is not one, and is not buffered. */
export declare const JSON_BODY_CAP: number;
/** Catalog lists (gift cards, eSIM plans) can be large, but not unbounded. */
export declare const CATALOG_BODY_CAP: number;
export type HttpMethod = 'GET' | 'POST';
export declare class VendingApiTransport {
    private readonly opts;
    private readonly pool;
    private readonly basePath;
    constructor(opts: TransportOptions);
    send(method: HttpMethod, path: string, body?: unknown, maxBytes?: number): Promise<HttpResult>;
    /** Lets in-flight requests finish (an aborted vend would only become "unknown"). */
    close(): Promise<void>;
}
