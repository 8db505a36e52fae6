import { describe, expect, it } from 'vitest';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { Type, type TSchema } from '@sinclair/typebox';
import { validationMessage, type AjvIssue } from '../../server/http/errors.js';
import { OneLineText, PageSize, PatternText } from '../../server/http/schema-blocks.js';

/** Validates with the compiler Fastify uses, set up as the node's (no coercion, verbose). */
function messageFor(schema: TSchema, data: unknown, context = 'body', verbose = true): string {
  const build = AjvCompiler()(
    {},
    { customOptions: { coerceTypes: false, removeAdditional: false, verbose } },
  ) as unknown as (route: { schema: unknown }) => ((d: unknown) => boolean) & { errors?: unknown };
  const validate = build({ schema });
  expect(validate(data)).toBe(false);
  return validationMessage(validate.errors as AjvIssue[], context);
}

describe('validation messages', () => {
  it('say what a pattern allows in words, never the pattern', () => {
    const q = Type.Object({ status: PatternText('^0?[012]$', 'must be 0, 1 or 2'), limit: PageSize(100) });
    expect(messageFor(q, { status: '7', limit: '1' }, 'querystring')).toBe('status must be 0, 1 or 2');
    expect(messageFor(q, { status: '1', limit: '1.5' }, 'querystring')).toBe(
      'limit must be a whole number from 1 to 100',
    );
  });

  it('name a repeated query parameter', () => {
    const q = Type.Object({ page: PageSize(10) });
    expect(messageFor(q, { page: ['1', '2'] }, 'querystring')).toBe('page must be given once');
  });

  it('list the values of a union of literals, with or without verbose errors', () => {
    const b = Type.Object({ env: Type.Union([Type.Literal('test'), Type.Literal('live')]) });
    expect(messageFor(b, { env: 'prod' })).toBe('env must be test or live');
    expect(messageFor(b, { env: 'prod' }, 'body', false)).toBe('env must be test or live');
  });

  it('word the type of a nullable field and the check of the branch that has the right type', () => {
    const b = Type.Object({ url: Type.Union([OneLineText({ maxLength: 5 }), Type.Null()]) });
    expect(messageFor(b, { url: 5 })).toBe('url must be a string or null');
    expect(messageFor(b, { url: 'abcdefgh' })).toBe('url must be at most 5 characters');
    expect(messageFor(b, { url: 'a\r\nb' })).toBe(
      'url must not contain control characters (line breaks, tabs and the like)',
    );
  });

  it('name nested fields and list entries the way the caller wrote them', () => {
    const b = Type.Object({ emails: Type.Array(OneLineText()), opts: Type.Object({ n: Type.Integer() }) });
    expect(messageFor(b, { emails: ['a', 'b\tc'], opts: { n: 1 } })).toMatch(/^emails\[1\] must not contain/);
    expect(messageFor(b, { emails: [], opts: { n: 1.5 } })).toBe('opts.n must be a whole number');
    expect(messageFor(b, { emails: [], opts: {} })).toBe('opts.n is required');
    expect(messageFor(b, [])).toBe('body must be a JSON object');
  });
});
