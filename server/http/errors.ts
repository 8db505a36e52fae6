import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, TooManyAttempts } from '../domain/errors.js';

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
};

export function errorBody(code: number, message: string) {
  return { status: 'error' as const, code, message };
}

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns a schema validation failure into a sentence naming the field. */
export function validationMessage(issues: AjvIssue[], context: string | undefined): string {
  const first = issues[0] ?? {};
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = first.keyword === 'required' ? String(first.params?.missingProperty ?? '') : path;
  const where = field || context || 'request';
  switch (first.keyword) {
    case 'required':
      return `${where} is required`;
    case 'type':
      return `${where} must be a ${String(first.params?.type)}${first.params?.type === 'string' && where.includes('amount') ? ' (send amounts as strings, e.g. "100.00")' : ''}`;
    case 'enum':
      return `${where} must be one of ${(first.params?.allowedValues as unknown[] | undefined)?.join(', ')}`;
    case 'additionalProperties':
      return `${where ? where + ': ' : ''}unknown field ${String(first.params?.additionalProperty)}`;
    default:
      return `${where} ${first.message ?? 'is invalid'}`;
  }
}

export interface ErrorHooks {
  /** Every failed authentication (a 401) passes here, so the per-IP limit can charge it. */
  unauthorized?: (request: FastifyRequest) => void;
}

export function registerErrorHandling(app: FastifyInstance, hooks: ErrorHooks = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.code] ?? 400;
      if (status === 401) hooks.unauthorized?.(request);
      if (error instanceof TooManyAttempts) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
      return reply.status(status).send(errorBody(status, error.message));
    }
    if (error.validation) {
      return reply
        .status(400)
        .send(errorBody(400, validationMessage(error.validation as AjvIssue[], error.validationContext)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(errorBody(413, 'Request body too large (limit 1 MiB)'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(errorBody(415, 'Send the body as application/json'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(errorBody(400, 'Invalid JSON body'));
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send(errorBody(400, 'Invalid JSON body'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(429, 'Too many requests; retry after the Retry-After delay'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal server error; retry with backoff'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
