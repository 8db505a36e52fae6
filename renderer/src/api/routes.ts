/**
 * The console's HTTP contract as types, read off the generated `paths` map (one entry per
 * route of the node's console OpenAPI document, console-api.generated.ts): for a route and a
 * method, its path parameters, its query, its JSON body and its JSON answer. The typed client
 * (`api` in client.ts) takes a route's template, so a caller cannot name a route the node does
 * not have, send a body or query it does not take, or read a field its answer does not have.
 */
import type { paths } from './console-api.generated.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The routes (templates such as '/console/purchases/{ref}') that answer a method. */
export type RouteWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];

/** Every route template of the console document, whatever its methods. */
export type Route = keyof paths;

type Operation<P extends Route, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type ParametersOf<O> = O extends { parameters: infer X } ? X : never;
type Present<T> = [NonNullable<T>] extends [never] ? never : NonNullable<T>;

/** A route's path parameters ({ ref: string } for '/console/purchases/{ref}'), never when none. */
export type PathParams<P extends Route, M extends Method> = Present<
  ParametersOf<Operation<P, M>> extends { path?: infer X } ? X : never
>;

/** A route's query parameters, never when it takes none. */
export type QueryParams<P extends Route, M extends Method> = Present<
  ParametersOf<Operation<P, M>> extends { query?: infer X } ? X : never
>;

/** A value the node reads as any text may be given as a number: the URL carries it as text. */
type TextOrNumber<T> = string extends T ? string | number : T;

/** Path parameters as the stores give them (a numeric id for an {id} the node reads as text). */
export type PathInput<X> = { [K in keyof X]: TextOrNumber<X[K]> };

/**
 * A query as the stores write it: a value the node reads as text may be a number, and a value
 * left null, undefined or '' is not sent (queryString), as a form's empty field.
 */
export type QueryInput<Q> = {
  [K in keyof Q]?: TextOrNumber<NonNullable<Q[K]>> | null | undefined;
};

/** The JSON body a route takes, never when it takes none. */
export type RequestBody<P extends Route, M extends Method> =
  Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

type Responses<O> = O extends { responses: infer R } ? R : never;
/** The JSON answer of a route when it succeeds (its 200 or 201). */
export type SuccessAnswer<P extends Route, M extends Method> = {
  [S in keyof Responses<Operation<P, M>>]: S extends 200 | 201 ? Json<Responses<Operation<P, M>>[S]> : never;
}[keyof Responses<Operation<P, M>>];

type PathPart<X> = [X] extends [never] ? { path?: never } : { path: PathInput<X> };
type QueryPart<X> = [X] extends [never] ? { query?: never } : { query?: QueryInput<X> };
type BodyPart<O, B> = [B] extends [never]
  ? { body?: never }
  : O extends { requestBody: unknown }
    ? { body: B }
    : { body?: B };

/** Transport options the client honours on any route. */
export interface RequestOptions {
  /** Do not send the agent to the sign-in page on 401 (the sign-in page itself, session probes). */
  quiet401?: boolean;
  /** Extra request headers (the first-run setup code). */
  headers?: Record<string, string>;
  /** Aborts the request (a History search cancelled or replaced): it rejects with RequestAborted. */
  signal?: AbortSignal;
}

/** What a call to a route takes besides its template: what the route needs is required. */
export type CallOptions<P extends Route, M extends Method> = RequestOptions &
  PathPart<PathParams<P, M>> &
  QueryPart<QueryParams<P, M>> &
  BodyPart<Operation<P, M>, RequestBody<P, M>>;

/** The options argument, optional only when the route needs none of it. */
export type CallArgs<P extends Route, M extends Method> = [RequiredKeys<CallOptions<P, M>>] extends [never]
  ? [options?: CallOptions<P, M>]
  : [options: CallOptions<P, M>];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
