import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { AjvCompiler } from '@fastify/ajv-compiler';

/**
 * Fastify's default schema compilers, compiling each distinct schema once. About a hundred
 * routes share a handful of schemas (the envelopes, the error bodies, the list queries), and
 * compiling them route by route was a third of the node's start-up time. The cache lives inside
 * one compiler, so the external schemas and options are the same for every entry: the same
 * schema text compiles to the same code.
 */
function compileOncePerSchema<R extends { schema?: unknown }, F>(compile: (route: R) => F): (route: R) => F {
  const compiled = new Map<string, F>();
  return (route) => {
    const key = JSON.stringify(route.schema);
    let fn = compiled.get(key);
    if (!fn) {
      fn = compile(route);
      compiled.set(key, fn);
    }
    return fn;
  };
}

export function sharedSerializerFactory(): ReturnType<typeof SerializerSelector> {
  const select = SerializerSelector();
  return (externalSchemas, options) => compileOncePerSchema(select(externalSchemas, options));
}

export function sharedValidatorFactory(): ReturnType<typeof AjvCompiler> {
  const fromPool = AjvCompiler();
  return ((externalSchemas: unknown, options: unknown) =>
    compileOncePerSchema(
      (fromPool as (e: unknown, o: unknown) => (route: { schema?: unknown }) => unknown)(
        externalSchemas,
        options,
      ),
    )) as ReturnType<typeof AjvCompiler>;
}
