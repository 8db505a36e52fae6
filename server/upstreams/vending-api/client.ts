import type { Dispatcher, Pool } from 'undici';
import { errorCode, transportProblem } from './transport-words.js';

/**
 * The HTTP transport of the vending-api upstream. Its one job beyond sending bytes is to say
 * truthfully whether a request may have reached the provider: `sent: false` only when undici
 * never handed the request to a socket (DNS failure, connection refused, connect or TLS
 * timeout, abandoned in the queue). Everything after that point is "may have been vended".
 */
export type HttpResult =
  | { ok: true; status: number; contentType: string; body: Buffer }
  /** `code` (undici's or the OS's) is for the log; `problem` says it in words, for reasons. */
  | { ok: false; sent: boolean; code: string; message: string; problem: string };

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
export const JSON_BODY_CAP = 1 << 20;
/** Catalog lists (gift cards, eSIM plans) can be large, but not unbounded. */
export const CATALOG_BODY_CAP = 32 << 20;

export type HttpMethod = 'GET' | 'POST';

/** undici's connect timer ticks at about 1 s; the wall-clock bound lets its precise error come first. */
const TIMER_SLACK_MS = 1_000;

export class VendingApiTransport {
  /** Made on first use: undici is loaded only by a node that calls an external upstream. */
  private pool: Promise<Pool> | null = null;
  private readonly origin: string;
  private readonly basePath: string;

  constructor(private readonly opts: TransportOptions) {
    const url = new URL(opts.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`vending-api base URL must be http(s), got ${url.protocol}`);
    }
    // A base URL may carry a path prefix (a node behind a reverse proxy); spec paths go under it.
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.origin = url.origin;
  }

  private connectionPool(): Promise<Pool> {
    // No redirect interceptor is composed: undici then returns 3xx as is, and we never follow
    // one (a redirected vend could land somewhere that vends again).
    this.pool ??= import('undici').then(
      ({ Pool }) =>
        new Pool(this.origin, {
          connections: this.opts.connections ?? 16,
          pipelining: 1,
          connectTimeout: this.opts.connectTimeoutMs,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: this.opts.timeoutMs,
          keepAliveTimeout: 4_000,
          keepAliveMaxTimeout: 30_000,
        }),
    );
    return this.pool;
  }

  send(method: HttpMethod, path: string, body?: unknown, maxBytes = JSON_BODY_CAP): Promise<HttpResult> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'VendPoint-vending-api/1',
      'x-merchant-key': this.opts.key,
      'x-merchant-secret': this.opts.secret,
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';

    return new Promise<HttpResult>((resolve) => {
      let settled = false;
      let started = false;
      let controller: Dispatcher.DispatchController | null = null;
      let status = 0;
      let contentType = '';
      let size = 0;
      let chunks: Buffer[] = [];

      const finish = (result: HttpResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(result);
      };
      const failure = (err: unknown): HttpResult => {
        const code = errorCode(err);
        return {
          ok: false,
          sent: started,
          code,
          message: err instanceof Error ? err.message : String(err),
          problem: transportProblem(code, this.opts),
        };
      };

      // headersTimeout/bodyTimeout are idle timers; a provider trickling bytes could hold a
      // vend forever, so the whole exchange also has a wall-clock bound.
      const deadline = setTimeout(
        () => {
          if (controller) controller.abort(codedError('DEADLINE', 'no complete answer in time'));
          // Still queued for a socket: nothing was sent. onRequestStart aborts it if it ever starts.
          else
            finish({
              ok: false,
              sent: false,
              code: 'QUEUE_TIMEOUT',
              message: 'no connection became free in time',
              problem: transportProblem('QUEUE_TIMEOUT', this.opts),
            });
        },
        this.opts.connectTimeoutMs + this.opts.timeoutMs + TIMER_SLACK_MS,
      );

      const handler: Dispatcher.DispatchHandler = {
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
          if (settled || c.aborted) return;
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

      this.connectionPool()
        .then((pool) => {
          if (!settled)
            pool.dispatch({ path: this.basePath + path, method, headers, body: payload }, handler);
        })
        .catch((err: unknown) => finish(failure(err)));
    });
  }

  /** Lets in-flight requests finish (an aborted vend would only become "unknown"). */
  async close(): Promise<void> {
    if (this.pool) await (await this.pool).close();
  }
}

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
