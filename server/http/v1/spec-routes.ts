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
import type { OrderPrefix } from '../schemas.js';

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
export function specRoutes(server: FastifyInstance, prefix: OrderPrefix, tag: string) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const tags = [tag];
  // The unprefixed order routes are /v1's under a second name: documented once, as /v1.
  const hide = prefix === '' ? { hide: true } : {};
  const route =
    (method: 'GET' | 'POST') =>
    <S extends FastifySchema>(
      path: string,
      schema: S,
      handler: SpecHandler<S>,
      opts: SpecRouteOptions = {},
    ) => {
      app.route({ method, url: `${prefix}${path}`, schema: { tags, ...hide, ...schema }, handler, ...opts });
    };
  return { get: route('GET'), post: route('POST') };
}
