import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { registerConsoleContract, typed } from '../../server/http/console/contract.js';
import { ErrorBody } from '../../server/http/schemas.js';

/**
 * The console's contract: its own OpenAPI document (never in the merchants' one), response
 * schemas that describe answers without filtering them, and a check under the test
 * configuration that an answer carries no field its schema does not describe.
 */
let t: TestNode;
let admin: ConsoleClient;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'contract', 'contract-password-1');
});
afterAll(async () => {
  await t.close();
});

describe('console OpenAPI document', () => {
  it('/console/openapi.json documents the console routes with their response schemas', async () => {
    const r = await admin.call('GET', '/console/openapi.json');
    expect(r.status).toBe(200);
    const paths = r.json.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const p of [
      '/console/session',
      '/console/purchases',
      '/console/wallets/{env}/ledger',
      '/console/sell',
    ])
      expect(Object.keys(paths), p).toContain(p);
    expect(paths['/console/purchases']!.get!.responses['200']).toBeDefined();
    expect(Object.keys(paths).every((p) => p.startsWith('/console/'))).toBe(true);
  });

  it('every console write refuses a body field its schema does not name', async () => {
    const r = await admin.call('GET', '/console/openapi.json');
    type Op = { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };
    const open: string[] = [];
    for (const [path, ops] of Object.entries(r.json.paths as Record<string, Record<string, Op>>))
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content['application/json']?.schema;
        if (schema && schema.additionalProperties !== false) open.push(`${method.toUpperCase()} ${path}`);
      }
    expect(open).toEqual([]);
  });

  it('the merchants /v1/openapi.json lists no console route', async () => {
    const r = await t.call('GET', '/v1/openapi.json', { pair: null });
    expect(Object.keys(r.json.paths as object).filter((p) => p.startsWith('/console'))).toEqual([]);
  });

  it('needs a console session', async () => {
    const r = await t.call('GET', '/console/openapi.json', { pair: null });
    expect(r.status).toBe(401);
  });
});

async function contractApp(checkAnswers: boolean) {
  const app = Fastify();
  app.addSchema(ErrorBody);
  await app.register(async (scope) => {
    await registerConsoleContract(scope, { checkAnswers });
    const api = typed(scope);
    const schema = { response: { 200: Type.Object({ b: Type.String(), a: Type.Integer() }) } };
    // Keys in another order than the schema, and one field the schema does not name.
    api.get('/console/x', { schema }, async () => ({ a: 1, b: 'x', extra: true }) as never);
    api.get('/console/y', { schema }, async () => ({ a: 1, b: 'x' }));
  });
  return app;
}

describe('console answers and their schemas', () => {
  it('a response schema never filters or reorders an answer', async () => {
    const app = await contractApp(false);
    const r = await app.inject({ method: 'GET', url: '/console/x' });
    expect(r.body).toBe('{"a":1,"b":"x","extra":true}');
    await app.close();
  });

  it('under the test configuration, a field the schema does not describe fails the call', async () => {
    const app = await contractApp(true);
    const bad = await app.inject({ method: 'GET', url: '/console/x' });
    expect(bad.statusCode).toBe(500);
    const good = await app.inject({ method: 'GET', url: '/console/y' });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('{"a":1,"b":"x"}');
    await app.close();
  });
});
