import type { FastifyInstance } from 'fastify';
import { ruleForPattern } from './schema-blocks.js';

/** A route as declared: what the request-schema walk test and the start-up check look at. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

type SchemaNode = Record<string, unknown>;

/** Every subschema of a request schema, with the field it describes (`a.b[]` for array items). */
export function* schemaFields(node: unknown, path = ''): Generator<{ path: string; schema: SchemaNode }> {
  if (!node || typeof node !== 'object') return;
  const s = node as SchemaNode;
  if (path) yield { path, schema: s };
  for (const [name, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    yield* schemaFields(child, path ? `${path}.${name}` : name);
  if (s.items) yield* schemaFields(s.items, `${path}[]`);
  // A union's branches describe the same field: each is yielded under the field's own path.
  for (const branch of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])])
    yield* schemaFields(branch, path);
}

/**
 * Records every route's request schemas and refuses, at start-up, a `pattern` that carries no
 * rule in words: without one the caller would be told nothing better than "is not in the
 * expected form", and a regular expression is no answer to give a person.
 */
export function watchRouteSchemas(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as DeclaredRoute['schema'];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const part of ['body', 'querystring', 'params'] as const) {
      const root = schema[part];
      for (const { path, schema: field } of schemaFields(root))
        if ('pattern' in field && !ruleForPattern(field.pattern))
          throw new Error(
            `${route.url}: ${part} field ${path} has a pattern without words (use schema-blocks)`,
          );
    }
    for (const method of methods)
      if (method !== 'HEAD') routes.push({ method: String(method), url: route.url, schema });
  });
}

/** The routes declared on an app built by buildApp, in declaration order. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}
