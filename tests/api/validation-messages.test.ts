import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { declaredRoutes, schemaFields, type DeclaredRoute } from '../../server/http/route-schemas.js';

type Schema = Record<string, unknown>;
type Part = 'body' | 'querystring' | 'params';

/** What a 400 must never say: Ajv's own phrasing or any piece of a regular expression. */
const LEAKS: RegExp[] = [
  /pattern/i,
  /must be a integer/,
  /must be object/,
  /must match/,
  /must be equal to/,
  /must NOT/,
  /[\^$\\]/,
  /\[[^\]]*-[^\]]*\]/,
  /\{\d+(,\d*)?\}/,
];

const SAMPLES = ['x', '1', 'test', 'a@example.com', '2026-01-31', '0'];

/** A value the schema accepts: the first of a few everyday samples for a text, the minimum for a number. */
function validValue(s: Schema): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches) return validValue(branches[0]!);
  switch (s.type) {
    case 'string': {
      const re = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
      const ok = SAMPLES.find(
        (v) =>
          (!re || re.test(v)) &&
          v.length >= Number(s.minLength ?? 0) &&
          v.length <= Number(s.maxLength ?? 1e9),
      );
      if (ok === undefined) throw new Error(`no sample satisfies ${JSON.stringify(s)}`);
      return ok;
    }
    case 'integer':
    case 'number':
      return Number(s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of (s.required as string[]) ?? [])
        out[key] = validValue((s.properties as Record<string, Schema>)[key]!);
      return out;
    }
    default:
      return 'x';
  }
}

/** A JSON value of another type than the schema allows, or undefined when any type is allowed. */
function wrongType(s: Schema): unknown {
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  const types = new Set(
    (branches ?? [s]).flatMap((b) =>
      'const' in b ? [typeof b.const] : b.type === undefined ? [] : [b.type],
    ),
  );
  if (types.size === 0) return undefined;
  if (!types.has('number') && !types.has('integer')) return 12345;
  if (!types.has('string')) return 'x';
  if (!types.has('boolean')) return true;
  return undefined;
}

/** A text of the right type that the field's pattern refuses. */
function wrongPattern(s: Schema): string | undefined {
  if (typeof s.pattern !== 'string') return undefined;
  const re = new RegExp(s.pattern, 'u');
  return ['x!', 'a\u0007b', 'a\r\nb', '0', '-1', '1.5', '1e308'].find((v) => !re.test(v));
}

/** Sets `value` at a dotted field path (`a.b`, array items `a[]`) inside a copy of `base`. */
function withField(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const out = structuredClone(base);
  const steps = path.replace(/\[\]/g, '.[]').split('.');
  let at: Record<string, unknown> | unknown[] = out;
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    if (step === '[]') {
      const list = at as unknown[];
      if (last) list[0] = value;
      else at = (list[0] ??= {}) as Record<string, unknown>;
      return;
    }
    const obj = at as Record<string, unknown>;
    if (last) obj[step] = value;
    else at = (obj[step] ??= steps[i + 1] === '[]' ? [] : {}) as Record<string, unknown>;
  });
  return out;
}

interface Case {
  route: DeclaredRoute;
  part: Part;
  field: string;
  kind: 'wrong type' | 'wrong pattern';
  value: unknown;
}

function casesOf(route: DeclaredRoute): Case[] {
  const cases: Case[] = [];
  for (const part of ['body', 'querystring', 'params'] as const) {
    const root = route.schema[part] as Schema | undefined;
    if (!root) continue;
    const seen = new Set<string>();
    for (const { path, schema } of schemaFields(root)) {
      const top = !seen.has(path);
      seen.add(path);
      // Query and path values are always text: the wrong "type" of a query value is a repeated one.
      if (top && part !== 'params' && !path.includes('[]')) {
        const value = part === 'querystring' ? ['1', '2'] : wrongType(schema);
        if (value !== undefined) cases.push({ route, part, field: path, kind: 'wrong type', value });
      }
      const bad = wrongPattern(schema);
      if (bad !== undefined) cases.push({ route, part, field: path, kind: 'wrong pattern', value: bad });
    }
  }
  return cases;
}

function requestOf(c: Case): { path: string; body?: unknown } {
  const params = (c.route.schema.params as Schema | undefined)?.properties as
    Record<string, Schema> | undefined;
  const paramValue = (name: string) =>
    c.part === 'params' && c.field === name
      ? String(c.value)
      : String(params?.[name] ? validValue(params[name]) : 'x');
  let path = c.route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    encodeURIComponent(paramValue(name)),
  );
  const query = new URLSearchParams();
  const qs = c.route.schema.querystring as Schema | undefined;
  for (const [k, v] of Object.entries((qs ? validValue(qs) : {}) as Record<string, unknown>))
    query.append(k, String(v));
  if (c.part === 'querystring') {
    query.delete(c.field);
    for (const v of Array.isArray(c.value) ? c.value : [c.value]) query.append(c.field, String(v));
  }
  if (query.size) path += `?${query}`;
  const bodySchema = c.route.schema.body as Schema | undefined;
  if (!bodySchema) return { path };
  const base = validValue(bodySchema) as Record<string, unknown>;
  return { path, body: c.part === 'body' ? withField(base, c.field, c.value) : base };
}

describe('every 400 from a request schema reads as plain words', () => {
  let t: TestNode;
  let admin: ConsoleClient;
  let cases: Case[];

  beforeAll(async () => {
    t = await startTestNode();
    admin = await setupFirstAdmin(t.url, 'ada', 'correct horse battery');
    cases = declaredRoutes(t.node.app).flatMap(casesOf);
  }, 60_000);
  afterAll(() => t.close());

  it('the walk covers every surface and every kind of schema-checked field', () => {
    const urls = new Set(cases.map((c) => c.route.url));
    for (const prefix of ['/v1/', '/ext/service/v1/', '/console/', '/transactions'])
      expect(
        [...urls].some((u) => u.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(cases.filter((c) => c.kind === 'wrong pattern').length).toBeGreaterThan(10);
    expect(cases.filter((c) => c.part === 'querystring').length).toBeGreaterThan(5);
    expect(cases.length).toBeGreaterThan(80);
  });

  it('a wrong type or a wrong pattern in any field of any route names the field and no regular expression', async () => {
    const problems: string[] = [];
    for (const c of cases) {
      const { path, body } = requestOf(c);
      const r = c.route.url.startsWith('/console')
        ? await admin.call(c.route.method, path, body)
        : await t.call(c.route.method, path, { body });
      const message = String(r.json?.message ?? r.text);
      const where = `${c.route.method} ${c.route.url} ${c.part} ${c.field} (${c.kind}): ${r.status} ${message}`;
      const field = c.field.split(/[.[]/)[0]!;
      if (r.status !== 400) problems.push(`not a 400: ${where}`);
      else if (!message.includes(field)) problems.push(`does not name ${field}: ${where}`);
      else if (r.json?.status !== 'error' || r.json?.code !== 400 || Object.keys(r.json).length !== 3)
        problems.push(`not the spec's error body: ${where}`);
      const leak = LEAKS.find((re) => re.test(message.replace(`${c.field.replace(/\[\]/g, '[0]')}`, field)));
      if (leak) problems.push(`leaks ${leak}: ${where}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
