import { routedPath } from './routed-path.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Value as ValueModule } from '@sinclair/typebox/value';
import { ErrorBody } from '../schemas.js';

/** TypeBox's value checker, loaded only when answers are checked (see registerConsoleContract). */
let Value: typeof ValueModule | undefined;

/** A console scope whose routes take their request and reply types from their TypeBox schemas. */
export function typed(scope: FastifyInstance) {
  return scope.withTypeProvider<TypeBoxTypeProvider>();
}

/** The error statuses a console call answers with the spec's error body. */
/** The spec's error body, inlined so a console module also registers on an app without shared schemas. */
export const ConsoleError = Type.Object({
  status: Type.Literal('error'),
  code: Type.Integer(),
  message: Type.String(),
});

export const consoleErrors = {
  400: ConsoleError,
  401: ConsoleError,
  403: ConsoleError,
  404: ConsoleError,
  422: ConsoleError,
};

/** A route's answers: its 200 body, and the spec's error body for the error statuses. */
export const answer = <T extends TSchema>(t: T) => ({ 200: t, ...consoleErrors });

/** Path parameters of the console's routes: a merchant code, a numeric or prefixed id, a purchase reference. */
export const CodeParams = Type.Object({ code: Type.String() });
export const IdParams = Type.Object({ id: Type.String() });
export const RefParams = Type.Object({ ref: Type.String() });

/** The console's OpenAPI document, apart from the merchants' /v1/openapi.json. */
export const CONSOLE_OPENAPI_PATH = '/console/openapi.json';

/**
 * Registers the console's contract in its scope: its own OpenAPI document (the source of the
 * renderer's generated types) and JSON.stringify as the serializer. The response schemas are the
 * contract and the document, not a filter: fast-json-stringify would drop a field no schema
 * names and reorder keys, while the console's answers must stay exactly what the handlers build.
 * With `checkAnswers` (the test configuration) every answer is checked against its schema, with
 * objects closed, so a field sent but not described fails the tests instead of drifting.
 */
export async function registerConsoleContract(
  scope: FastifyInstance,
  opts: { checkAnswers: boolean },
): Promise<void> {
  await scope.register(swagger, {
    decorator: 'consoleSwagger',
    // Shared schemas keep their names ("ErrorBody"), so the generated types read well.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    openapi: {
      info: {
        title: 'VendPoint console API',
        version: '1.0.0',
        description:
          'The /console API the VendPoint console (renderer) calls: session cookie and X-CSRF-Token. Not for merchants.',
      },
    },
  });
  scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (opts.checkAnswers) {
    // TypeBox's value checker (a second large module graph) only in the test configuration.
    Value ??= (await import('@sinclair/typebox/value')).Value;
    scope.addHook('preSerialization', checkAnswer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    consoleSwagger: FastifyInstance['swagger'];
    /** The console's OpenAPI document, read from the root app (the type generator). */
    consoleOpenApi: () => object;
  }
}

const closedSchemas = new WeakMap<object, TSchema>();

/** A copy of a schema (TypeBox's symbol keys kept) in which every object not saying otherwise is closed. */
function closedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closedCopy);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string | symbol, unknown> = {};
  for (const key of Reflect.ownKeys(value))
    out[key] = closedCopy((value as Record<string | symbol, unknown>)[key]);
  if (out.type === 'object' && out.properties && !('additionalProperties' in out))
    out.additionalProperties = false;
  return out;
}

function closed(schema: TSchema): TSchema {
  let out = closedSchemas.get(schema);
  if (!out) {
    out = closedCopy(schema) as TSchema;
    closedSchemas.set(schema, out);
  }
  return out;
}

async function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const response = (request.routeOptions.schema?.response ?? {}) as Record<string, TSchema>;
  const schema = response[String(reply.statusCode)] ?? response['2xx'];
  if (!schema || !routedPath(request).startsWith('/console/')) return payload;
  const strict = closed(schema);
  if (!Value) throw new Error('answer checks registered without the value checker');
  if (!Value.Check(strict, [ErrorBody], payload)) {
    const errors = [...Value.Errors(strict, [ErrorBody], payload)]
      .slice(0, 5)
      .map((e) => `${e.path || '/'} ${e.message}`);
    // Only the test configuration gets here; its logger is silent, so say it where the test run shows it.
    const message = `The answer of ${request.method} ${request.routeOptions.url} does not match its response schema: ${errors.join('; ')}`;
    console.error(message);
    throw new Error(message);
  }
  return payload;
}
