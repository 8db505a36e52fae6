import { ApiError, humanMessage } from '../lib/errors.js';
import { reportReachable, reportUnreachable } from '../lib/reachability.js';
import {
  CSRF_HEADER,
  ENVIRONMENT_HEADER,
  PAGE_ENVIRONMENT_HEADER,
} from '../../../common/console-protocol.js';

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

export interface RequestOptions {
  /** Do not send the agent to the sign-in page on 401 (the sign-in page itself, session probes). */
  quiet401?: boolean;
  /** Extra request headers (the first-run setup code). */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(
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
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    reportUnreachable();
    throw new ApiError(0, humanMessage(0, undefined));
  }
  reportReachable();
  const text = await response.text();
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
    throw new ApiError(
      response.status,
      humanMessage(response.status, typeof serverMessage === 'string' ? serverMessage : undefined),
    );
  }
  return json as T;
}

export const apiGet = <T>(path: string, opts?: RequestOptions) => apiRequest<T>('GET', path, undefined, opts);
export const apiPost = <T>(path: string, body: unknown = {}, opts?: RequestOptions) =>
  apiRequest<T>('POST', path, body, opts);

/** "?a=1&b=x" from the non-empty values of an object. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
