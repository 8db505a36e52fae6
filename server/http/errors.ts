import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  DomainError,
  Overloaded,
  ProvidersPaused,
  TooManyAttempts,
  retryAfterSeconds,
} from '../domain/errors.js';
import { ruleForPattern } from './schema-blocks.js';
import { tooLongWords, tooManyWords } from '../../common/input-limits.js';
import { diskFullMessage, isDiskFull } from '../store/disk-full.js';

/** The one place domain errors become HTTP: stable code -> status, spec error body. */
const STATUS_OF: Record<string, number> = {
  INVALID_INPUT: 400,
  INSUFFICIENT_BALANCE: 400,
  CUSTOMER_REJECTED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE_REQUEST: 422,
  TOO_MANY_ATTEMPTS: 429,
  UPSTREAM_UNAVAILABLE: 502,
  NO_ROUTE: 503,
  OVERLOADED: 503,
};

export function errorBody(code: number, message: string) {
  return { status: 'error' as const, code, message };
}

/**
 * What Node's HTTP parser refuses before any route (headers over its 16 KB limit, bytes that
 * are not HTTP, a request too slow to arrive), answered in the same error body as everything
 * else instead of Fastify's own shape. The connection is closed after it, as Node does.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message]: [number, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are over 16 KB: send a shorter URL or fewer headers']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** An Ajv error as Fastify hands it over; the node's Ajv runs `verbose`, so `data` is there. */
export interface AjvIssue {
  instancePath?: string;
  schemaPath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  null: 'null',
};

/** "a, b or c": how a person lists alternatives. */
function either(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The field a failure is about, as the caller wrote it: `name`, `options.timeout`, `allow_ips[2]`. */
function fieldOf(issue: AjvIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '')
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
  if (issue.keyword === 'required') {
    const missing = String(issue.params?.missingProperty ?? '');
    return path ? `${path}.${missing}` : missing;
  }
  return path || context || 'request';
}

function typeWords(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]).flatMap((t) => String(t).split(','));
  return either([...new Set(types)].map((t) => TYPE_WORDS[t] ?? t));
}

/** The sentence for one failed keyword: never Ajv's own text, which can quote a pattern. */
function sentence(issue: AjvIssue, field: string, context: string | undefined): string {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type':
      if (context === 'querystring' && Array.isArray(issue.data)) return `${field} must be given once`;
      if (p.type === 'string' && field.includes('amount'))
        return `${field} must be a string (send amounts as strings, e.g. "100.00")`;
      return `${field} must be ${typeWords(p.type)}`;
    case 'pattern': {
      const rule = ruleForPattern(p.pattern);
      return rule ? `${field} ${rule}` : `${field} is not in the expected form`;
    }
    case 'format':
      return `${field} is not in the expected form`;
    case 'enum':
      return `${field} must be ${either(((p.allowedValues as unknown[]) ?? []).map(String))}`;
    case 'const':
      return `${field} must be ${String(p.allowedValue)}`;
    case 'minLength':
      return p.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return tooLongWords(field, Number(p.limit));
    case 'minimum':
    case 'exclusiveMinimum':
      return `${field} must be ${issue.keyword === 'minimum' ? 'at least' : 'more than'} ${String(p.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${field} must be ${issue.keyword === 'maximum' ? 'at most' : 'less than'} ${String(p.limit)}`;
    case 'multipleOf':
      return `${field} must be a multiple of ${String(p.multipleOf)}`;
    case 'minItems':
      return `${field} must list at least ${String(p.limit)} ${p.limit === 1 ? 'entry' : 'entries'}`;
    case 'maxItems':
      return tooManyWords(field, Number(p.limit));
    case 'uniqueItems':
      return `${field} must not list an entry twice`;
    case 'minProperties':
    case 'maxProperties':
      return `${field} has the wrong number of fields`;
    case 'additionalProperties':
      return `${field ? field + ': ' : ''}unknown field ${String(p.additionalProperty)}`;
    default:
      return `${field} is not valid here`;
  }
}

/**
 * Turns a schema validation failure into one sentence naming the field and saying what is
 * allowed. Ajv stops at the first failure (allErrors is off), so the last issue is the one
 * that failed; for a union the branch that has the right type says what is wrong with it.
 */
export function validationMessage(issues: AjvIssue[], context: string | undefined): string {
  const last = issues[issues.length - 1] ?? {};
  if (last.keyword !== 'anyOf' && last.keyword !== 'oneOf')
    return sentence(last, fieldOf(last, context), context);
  const field = fieldOf(last, context);
  const prefix = `${last.schemaPath ?? ''}/`;
  const branches = issues.filter((i) => i !== last && (i.schemaPath ?? '').startsWith(prefix));
  // A union of literals (TypeBox Union of Literal): every branch is one allowed value.
  if (branches.length && branches.every((i) => i.keyword === 'const'))
    return `${field} must be ${either(branches.map((i) => String(i.params?.allowedValue)))}`;
  const closest = branches.find((i) => i.keyword !== 'type');
  if (closest) return sentence(closest, fieldOf(closest, context), context);
  return `${field} must be ${typeWords(branches.map((i) => i.params?.type).filter((t) => t !== undefined))}`;
}

export interface ErrorHooks {
  /** Every failed authentication (a 401) passes here, so the per-IP limit can charge it. */
  unauthorized?: (request: FastifyRequest) => void;
  /** Writes refused for a full disk: logged once with the stack, then counted. */
  diskFull?: { refused(err: unknown): void };
}

/**
 * A merchant's API call is answered in the merchant's words, naming calls on the prefix it
 * uses (the internal API's callers are told the /v1 calls); the console's in the operator's.
 */
function messageFor(error: DomainError, request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  if (route.startsWith('/console')) return error.message;
  return error.forMerchantApi(route.startsWith('/ext/service/v1/') ? '/ext/service/v1' : '/v1');
}

/** A route's body limit as the 413 says it: `1 MiB`, `8 KiB`. */
function bodyLimitWords(bytes: number | undefined): string {
  const n = bytes ?? 1024 * 1024;
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

export function registerErrorHandling(app: FastifyInstance, hooks: ErrorHooks = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.code] ?? 400;
      if (status === 401) hooks.unauthorized?.(request);
      if (error instanceof TooManyAttempts || error instanceof Overloaded || error instanceof ProvidersPaused)
        reply.header('retry-after', retryAfterSeconds(error.retryAfterMs));
      return reply.status(status).send(errorBody(status, messageFor(error, request)));
    }
    if (error.validation) {
      return reply
        .status(400)
        .send(errorBody(400, validationMessage(error.validation as AjvIssue[], error.validationContext)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(413)
          .send(
            errorBody(
              413,
              `Request body too large (limit ${bodyLimitWords(request.routeOptions.bodyLimit)})`,
            ),
          );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(errorBody(415, 'Send the body as application/json'));
      // An empty JSON body never gets here: it is read as no body (optional-body.ts).
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(errorBody(400, 'Invalid JSON body'));
    }
    // Not every SyntaxError: JSON.parse of a stored value failing is the node's fault, a logged 500.
    if (error.statusCode === 400) {
      return reply.status(400).send(errorBody(400, 'Invalid JSON body'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(429, 'Too many requests; retry after the Retry-After delay'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    if (isDiskFull(error)) {
      // The write's transaction rolled back: nothing of this request was stored or charged.
      if (hooks.diskFull) hooks.diskFull.refused(error);
      else request.log.error({ err: error }, 'disk full: a write was refused');
      reply.header('retry-after', 60);
      return reply.status(503).send(errorBody(503, diskFullMessage("The node's")));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal server error; retry with backoff'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
