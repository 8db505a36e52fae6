import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The idempotency keys, under each name they go by: compared exactly, never trimmed. A key with
 * a space is refused (400) on the create and on every lookup, so a stray space neither makes a
 * second purchase beside the first nor silently finds (or misses) the first.
 */
export const EXACT_FIELDS: ReadonlySet<string> = new Set(['client_request_id', 'request_id', 'request_ref']);

const SURROUNDING_SPACE = /^\s|\s$/;

const trimmed = (v: unknown): unknown => (typeof v === 'string' && SURROUNDING_SPACE.test(v) ? v.trim() : v);

/** Trims, in place, each top-level string (and each string of a top-level list) but the keys. */
function trimValues(fields: Record<string, unknown>): void {
  for (const name in fields) {
    if (EXACT_FIELDS.has(name)) continue;
    const v = fields[name];
    if (typeof v === 'string') fields[name] = trimmed(v);
    else if (Array.isArray(v) && v.some((e) => e !== trimmed(e))) fields[name] = v.map(trimmed);
  }
}

function trimFieldValues(request: FastifyRequest, _reply: unknown, done: () => void): void {
  const { body, query } = request;
  if (body !== null && typeof body === 'object' && !Array.isArray(body))
    trimValues(body as Record<string, unknown>);
  if (query !== null && typeof query === 'object') trimValues(query as Record<string, unknown>);
  done();
}

/**
 * One rule for the merchant API's body fields and query parameters (README "Calling the API"):
 * surrounding whitespace (a pasted " 08031234567 ", "mtn\t") is removed before the value is
 * judged, stored or echoed; whitespace inside a value is never touched, so "0803 123 4567" is
 * still refused. Before this, a few fields were trimmed (bill networks, plan codes, catalog
 * filters) and the rest refused the same value, or filtered a list to nothing.
 */
export function trimSurroundingWhitespace(api: FastifyInstance): void {
  api.addHook('preValidation', trimFieldValues);
}
