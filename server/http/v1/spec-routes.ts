import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiPrefix } from '../schemas.js';

/** A handler whose request and answer types come from its route's TypeBox schema. */
type SpecHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  TypeBoxTypeProvider
>;

/** Route options beside the schema; attachValidation hands a schema error to the handler. */
interface SpecRouteOptions {
  attachValidation?: boolean;
}

/**
 * The routes of one section of the spec under one API prefix: the prefix and the section's
 * OpenAPI tag are given once; each route is its path, its schema and its handler.
 */
export function specRoutes(server: FastifyInstance, prefix: ApiPrefix, tag: string) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const tags = [tag];
  const route =
    (method: 'GET' | 'POST') =>
    <S extends FastifySchema>(
      path: string,
      schema: S,
      handler: SpecHandler<S>,
      opts: SpecRouteOptions = {},
    ) => {
      app.route({ method, url: `${prefix}${path}`, schema: { tags, ...schema }, handler, ...opts });
    };
  return { get: route('GET'), post: route('POST') };
}
