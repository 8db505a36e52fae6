import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a request body schema has no required field: an empty object is a whole request. */
function allFieldsOptional(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as { type?: unknown; required?: unknown[] };
  return s.type === 'object' && !s.required?.length;
}

/**
 * For POSTs whose body is all optional fields: no body (curl -X POST without -d) reads as {}.
 * Fastify would otherwise validate the missing body as a non-object and refuse it.
 */
export function noBodyIsEmptyObject(request: FastifyRequest, _reply: unknown, done: () => void): void {
  request.body ??= {};
  done();
}

type OpenApiOperation = {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
};

/**
 * The OpenAPI document says what the node does: a route whose body fields are all optional takes
 * no body, so its requestBody is not required (@fastify/swagger marks every declared body
 * required, and a client generated from the document would have to invent one).
 */
export function markOptionalBodies<T extends { paths?: object }>(doc: T): T {
  for (const operations of Object.values(doc.paths ?? {}) as (object | undefined)[])
    for (const op of Object.values(operations ?? {}) as OpenApiOperation[]) {
      const body = op?.requestBody;
      if (body && allFieldsOptional(body.content?.['application/json']?.schema)) body.required = false;
    }
  return doc;
}

/**
 * Clients that send `Content-Type: application/json` on every call (the README's header array,
 * HTTP wrappers) send it with no body too: that is no body, not malformed JSON. A route whose
 * body fields are all optional then reads it as {}; one that needs fields answers "body must be
 * a JSON object", as it does for a request without Content-Type. Call before any route.
 */
export function readEmptyJsonAsNoBody(app: FastifyInstance): void {
  // Fastify's own parser (same proto-poisoning refusals), asked only when there are bytes.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.addHook('onRoute', (route) => {
    if (!allFieldsOptional(route.schema?.body)) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [noBodyIsEmptyObject, ...own];
  });
}
