import { Pool } from 'undici';
/** Spec envelopes are small; a vend answer larger than this is not one, and is not buffered. */
export const JSON_BODY_CAP = 1 << 20;
/** Catalog lists (gift cards, eSIM plans) can be large, but not unbounded. */
export const CATALOG_BODY_CAP = 32 << 20;
/** undici's connect timer ticks at about 1 s; the wall-clock bound lets its precise error come first. */
const TIMER_SLACK_MS = 1_000;
export class VendingApiTransport {
    opts;
    pool;
    basePath;
    constructor(opts) {
        this.opts = opts;
        const url = new URL(opts.baseUrl);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
            throw new Error(`vending-api base URL must be http(s), got ${url.protocol}`);
        }
        // A base URL may carry a path prefix (a node behind a reverse proxy); spec paths go under it.
        this.basePath = url.pathname.replace(/\/+$/, '');
        // No redirect interceptor is composed: undici then returns 3xx as is, and we never follow
        // one (a redirected vend could land somewhere that vends again).
        this.pool = new Pool(url.origin, {
            connections: opts.connections ?? 16,
            pipelining: 1,
            connectTimeout: opts.connectTimeoutMs,
            headersTimeout: opts.timeoutMs,
            bodyTimeout: opts.timeoutMs,
            keepAliveTimeout: 4_000,
            keepAliveMaxTimeout: 30_000,
        });
    }
    send(method, path, body, maxBytes = JSON_BODY_CAP) {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers = {
            accept: 'application/json',
            'user-agent': 'VendPoint-vending-api/1',
            'x-merchant-key': this.opts.key,
            'x-merchant-secret': this.opts.secret,
        };
        if (payload !== undefined)
            headers['content-type'] = 'application/json';
        return new Promise((resolve) => {
            let settled = false;
            let started = false;
            let controller = null;
            let status = 0;
            let contentType = '';
            let size = 0;
            let chunks = [];
            const finish = (result) => {
                if (settled)
                    return;
                settled = true;
                clearTimeout(deadline);
                resolve(result);
            };
            const failure = (err) => ({
                ok: false,
                sent: started,
                code: errorCode(err),
                message: err instanceof Error ? err.message : String(err),
            });
            // headersTimeout/bodyTimeout are idle timers; a provider trickling bytes could hold a
            // vend forever, so the whole exchange also has a wall-clock bound.
            const deadline = setTimeout(() => {
                if (controller)
                    controller.abort(codedError('DEADLINE', 'no complete answer in time'));
                // Still queued for a socket: nothing was sent. onRequestStart aborts it if it ever starts.
                else
                    finish({
                        ok: false,
                        sent: false,
                        code: 'QUEUE_TIMEOUT',
                        message: 'no connection became free in time',
                    });
            }, this.opts.connectTimeoutMs + this.opts.timeoutMs + TIMER_SLACK_MS);
            const handler = {
                onRequestStart(c) {
                    // Called just before the request is written to the socket.
                    if (settled) {
                        c.abort(codedError('ABANDONED', 'request abandoned before it was sent'));
                        return;
                    }
                    started = true;
                    controller = c;
                },
                onResponseStart(_c, statusCode, resHeaders) {
                    status = statusCode;
                    contentType = String(resHeaders['content-type'] ?? '');
                    size = 0;
                    chunks = [];
                },
                onResponseData(c, chunk) {
                    if (settled || c.aborted)
                        return;
                    size += chunk.length;
                    if (size > maxBytes) {
                        c.abort(codedError('BODY_TOO_LARGE', `answer larger than ${maxBytes} bytes`));
                        return;
                    }
                    chunks.push(chunk);
                },
                onResponseEnd() {
                    finish({ ok: true, status, contentType, body: Buffer.concat(chunks) });
                },
                onResponseError(_c, err) {
                    finish(failure(err));
                },
            };
            try {
                this.pool.dispatch({ path: this.basePath + path, method, headers, body: payload }, handler);
            }
            catch (err) {
                finish(failure(err));
            }
        });
    }
    /** Lets in-flight requests finish (an aborted vend would only become "unknown"). */
    async close() {
        await this.pool.close();
    }
}
function codedError(code, message) {
    return Object.assign(new Error(message), { code });
}
function errorCode(err) {
    if (err && typeof err === 'object') {
        const code = err.code;
        if (typeof code === 'string' && code)
            return code;
        const name = err.name;
        if (typeof name === 'string' && name)
            return name;
    }
    return 'ERROR';
}
//# sourceMappingURL=client.js.map