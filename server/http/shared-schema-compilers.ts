import { createRequire } from 'node:module';
import type { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { AjvCompiler } from '@fastify/ajv-compiler';

/**
 * Both compilers (Ajv, fast-json-stringify, and Ajv again inside fast-json-stringify) are
 * required on the first compile, not at import: loading them was about 50 ms of start-up, and a
 * route's schemas are compiled on its first request anyway. Both packages are CommonJS, so a
 * synchronous require works inside the compile call Fastify makes.
 */
const requireCjs = createRequire(import.meta.url);
const loadSerializerSelector = () =>
  (requireCjs('@fastify/fast-json-stringify-compiler') as { SerializerSelector: typeof SerializerSelector })
    .SerializerSelector;
const loadAjvCompiler = () =>
  (requireCjs('@fastify/ajv-compiler') as { AjvCompiler: typeof AjvCompiler }).AjvCompiler;

/**
 * Fastify's default schema compilers, compiling each distinct schema once and only when a
 * route first uses it. About a hundred routes share a handful of schemas (the envelopes, the
 * error bodies, the list queries), and most routes (the console's) are not called in a given
 * run: compiling every schema at start-up was most of the node's start-up CPU. The cache lives
 * inside one compiler, so the external schemas and options are the same for every entry: the
 * same schema text compiles to the same code.
 */
function compileOncePerSchema<R extends { schema?: unknown }, F>(
  compile: (route: R) => F,
): (route: R) => () => F {
  const compiled = new Map<string, F>();
  return (route) => {
    let fn: F | undefined;
    return () => {
      if (fn) return fn;
      const key = JSON.stringify(route.schema);
      fn = compiled.get(key);
      if (!fn) {
        fn = compile(route);
        compiled.set(key, fn);
      }
      return fn;
    };
  };
}

type Serialize = (data: unknown) => string;

export function sharedSerializerFactory(): ReturnType<typeof SerializerSelector> {
  let select: ReturnType<typeof SerializerSelector> | undefined;
  return (externalSchemas, options) => {
    let compiler: ((route: { schema?: unknown }) => Serialize) | undefined;
    const once = compileOncePerSchema((route: { schema?: unknown }) =>
      (compiler ??= (select ??= loadSerializerSelector()())(externalSchemas, options) as (route: {
        schema?: unknown;
      }) => Serialize)(route),
    );
    return ((route: { schema?: unknown }) => {
      const compiled = once(route);
      return (data: unknown) => compiled()(data);
    }) as ReturnType<ReturnType<typeof SerializerSelector>>;
  };
}

type Validate = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * A validator that compiles on its first call. Fastify reads `schemaEnv` (to hand Ajv the
 * request as parent, so a root value can be replaced) and `errors` from the function it was
 * given: both are forwarded to the compiled one, so requests see exactly what Ajv answers.
 */
function lazyValidator(compiled: () => Validate): Validate {
  const validate = ((data: unknown, ctx?: unknown) =>
    ctx === undefined ? compiled()(data) : compiled()(data, ctx)) as Validate;
  Object.defineProperty(validate, 'errors', { get: () => compiled().errors });
  Object.defineProperty(validate, 'schemaEnv', { get: () => compiled().schemaEnv });
  return validate;
}

export function sharedValidatorFactory(): ReturnType<typeof AjvCompiler> {
  type Pool = (e: unknown, o: unknown) => (route: { schema?: unknown }) => Validate;
  let fromPool: Pool | undefined;
  return ((externalSchemas: unknown, options: unknown) => {
    // Making the Ajv instance compiles its meta-schema (a tenth of a second): also on first use.
    let compiler: ((route: { schema?: unknown }) => Validate) | undefined;
    const once = compileOncePerSchema((route: { schema?: unknown }) =>
      (compiler ??= (fromPool ??= loadAjvCompiler()() as Pool)(externalSchemas, options))(route),
    );
    return (route: { schema?: unknown }) => lazyValidator(once(route));
  }) as ReturnType<typeof AjvCompiler>;
}
