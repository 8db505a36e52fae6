import { ApiError, humanMessage, RequestAborted } from '../lib/errors.js';
import { reportReachable, reportUnreachable } from '../lib/reachability.js';
import {
  CSRF_HEADER,
  ENVIRONMENT_HEADER,
  PAGE_ENVIRONMENT_HEADER,
} from '../../../common/console-protocol.js';
import type { CallArgs, CallOptions, Method, RequestOptions, RouteWith, SuccessAnswer } from './routes.js';

/**
 * The console's only way to the node: JSON over fetch to /console, the session cookie sent by
 * the browser, the CSRF token added to every state-changing call, and every failure turned
 * into an ApiError whose message is a sentence for the agent.
 */
let csrfToken = '';
let onUnauthorized: (() => void) | null = null;
let onEnvironmentWithdrawn: ((environment: string) => void) | null = null;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the node says the session has ended (the app sends the agent to sign in). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

let pageEnvironment: (() => string | null) | null = null;

/**
 * What the page shows (test or live), sent with every state-changing call: the node refuses the
 * call if another tab has switched the session meanwhile, rather than sell in the other mode.
 */
export function setPageEnvironmentSource(source: (() => string | null) | null): void {
  pageEnvironment = source;
}

/** Called when the node moved the session to another environment (live access was withdrawn). */
export function setEnvironmentWithdrawnHandler(handler: ((environment: string) => void) | null): void {
  onEnvironmentWithdrawn = handler;
}

/** The transport under `api`: callers use `api`, whose route template types the call. */
async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  const shown = method !== 'GET' ? pageEnvironment?.() : null;
  if (shown) headers[PAGE_ENVIRONMENT_HEADER] = shown;
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
    text = await response.text();
  } catch {
    // Aborted by the page (a search cancelled): the node is not unreachable for it.
    if (opts.signal?.aborted) throw new RequestAborted();
    reportUnreachable();
    throw new ApiError(0, humanMessage(0, undefined));
  }
  reportReachable();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const movedTo = response.headers.get(ENVIRONMENT_HEADER);
  if (movedTo) onEnvironmentWithdrawn?.(movedTo);
  if (!response.ok) {
    const serverMessage = (json as { message?: unknown } | null)?.message;
    if (response.status === 401 && !opts.quiet401) onUnauthorized?.();
    const retryAfter = response.headers.get('retry-after');
    throw new ApiError(
      response.status,
      humanMessage(
        response.status,
        typeof serverMessage === 'string' ? serverMessage : undefined,
        retryAfter === null ? undefined : Number(retryAfter),
      ),
    );
  }
  return json as T;
}

/** "?a=1&b=x" from the non-empty values of an object. */
function queryString(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A route template with each {name} replaced by its encoded parameter, then the query's non-empty values. */
function fill(route: string, options: { path?: object; query?: object }): string {
  const params = (options.path ?? {}) as Record<string, string | number>;
  const filled = route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return filled + queryString((options.query ?? {}) as Record<string, string | number | null | undefined>);
}

/**
 * The URL of a GET route, typed as `api.get` is, for what the browser fetches itself: a link
 * (CSV downloads) or an image (the eSIM QR code), sent with the session cookie.
 */
export const routeUrl = <P extends RouteWith<'get'>>(route: P, ...[options]: CallArgs<P, 'get'>): string =>
  fill(route, options ?? {});

function call<M extends Method>(method: M) {
  return <P extends RouteWith<M>>(route: P, ...[options]: CallArgs<P, M>): Promise<SuccessAnswer<P, M>> => {
    const o = (options ?? {}) as CallOptions<P, M> & { body?: unknown };
    // A POST always carries a JSON body, {} when the route takes none; other methods only the
    // body given.
    const body = method === 'post' ? (o.body ?? {}) : o.body;
    const verb = method.toUpperCase() as Uppercase<M>;
    return apiRequest<SuccessAnswer<P, M>>(verb, fill(route, o), body, o);
  };
}

/**
 * The typed way to the node: `api.get('/console/purchases/{ref}', { path: { ref }, query })`.
 * The route template decides the path parameters, query, body and answer type, all from the
 * node's own schemas (routes.ts), so a wrong route or field fails the type check.
 */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
};
