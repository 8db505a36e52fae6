import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { consoleLogin, setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { declaredRoutes, type DeclaredRoute } from '../../server/http/route-schemas.js';

/**
 * Review L2: clients that send `Content-Type: application/json` on every call send it without a
 * body too. That is no body: a route whose body fields are all optional reads it as {}, and one
 * that needs fields says so as it does without Content-Type, never "Invalid JSON body".
 */

type Schema = Record<string, any>;
const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestNode;
let admin: ConsoleClient;

beforeAll(async () => {
  t = await startTestNode({ webhooksAllowPrivate: true });
  admin = await setupFirstAdmin(t.url, 'ada', 'correct horse battery');
});
afterAll(async () => {
  await t?.close();
});

const needsFields = (r: DeclaredRoute) => Boolean((r.schema.body as Schema | undefined)?.required?.length);

/** A path parameter value its schema takes, so the request gets as far as its body. */
function paramValue(s: Schema | undefined): string {
  if (!s) return 'x';
  if (s.enum) return String(s.enum[0]);
  if ('const' in s) return String(s.const);
  const branch = (s.anyOf ?? s.oneOf)?.[0];
  if (branch) return paramValue(branch);
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    const sample = ['x', '1', 'test', '2026-01-31'].find((v) => re.test(v));
    if (sample) return sample;
  }
  return 'x';
}

function pathOf(r: DeclaredRoute): string {
  const params = (r.schema.params as Schema | undefined)?.properties ?? {};
  return r.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(paramValue(params[name])));
}

/** The route called with a JSON Content-Type and no body, as the caller the route is for. */
function callEmpty(r: DeclaredRoute) {
  const path = pathOf(r);
  return r.url.startsWith('/console')
    ? admin.call(r.method, path, undefined, { headers: JSON_TYPE })
    : t.call(r.method, path, { headers: JSON_TYPE });
}

describe('an empty body sent as application/json', () => {
  it('is no body on every route of /v1, /ext/service/v1, the internal API and /console', async () => {
    const routes = declaredRoutes(t.node.app).filter((r) => r.method !== 'GET');
    // Signing out ends the session the walk uses: last.
    routes.sort((a, b) => Number(a.url === '/console/logout') - Number(b.url === '/console/logout'));
    expect(routes.filter((r) => !needsFields(r)).length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const r of routes) {
      const a = await callEmpty(r);
      const said = `${r.method} ${r.url}: ${a.status} ${a.text.slice(0, 200)}`;
      if (needsFields(r)) {
        if (a.status !== 400 || a.json?.message !== 'body must be a JSON object') problems.push(said);
      } else if (/JSON body|body must be/.test(String(a.json?.message))) problems.push(said);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A POST whose body is sent chunked and has no chunk at all: empty without a Content-Length. */
function postChunkedEmpty(path: string): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, {
      method: 'POST',
      headers: {
        ...JSON_TYPE,
        'transfer-encoding': 'chunked',
        'x-merchant-key': t.demo.key,
        'x-merchant-secret': t.demo.secret,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the webhook actions with the README header array and no body', () => {
  it('pause, resume, test, replay and rotate answer as they do without Content-Type, on both prefixes', async () => {
    for (const prefix of ['/v1', '/ext/service/v1']) {
      const add = await t.call('POST', `${prefix}/webhooks`, {
        body: { url: `http://127.0.0.1:9/empty${prefix.length}`, event_types: ['*'] },
      });
      expect(add.status, add.text).toBe(201);
      const id = add.json.data.id as string;
      const act = (action: string) =>
        t.call('POST', `${prefix}/webhooks/${id}/${action}`, { headers: JSON_TYPE });

      const paused = await act('pause');
      expect([paused.status, paused.json.data.status]).toEqual([200, 'paused']);
      const resumed = await act('resume');
      expect([resumed.status, resumed.json.data.status]).toEqual([200, 'enabled']);
      const test = await act('test');
      expect(test.status, test.text).toBe(200);
      expect(test.json.data.delivered).toBe(false); // port 9: nothing listens
      const replay = await act('replay');
      expect([replay.status, replay.json]).toEqual([200, { status: 'success', data: { replayed: 0 } }]);
      const rotated = await act('rotate');
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.json.data.secret).toMatch(/^whsec_/);
      expect(rotated.json.data.secret).not.toBe(add.json.data.secret);
      // The default overlap, as for a rotate without a body.
      const hours = (Date.parse(rotated.json.data.old_secret_expires_at) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23);
      expect(hours).toBeLessThanOrEqual(24);

      const chunked = await postChunkedEmpty(`${prefix}/webhooks/${id}/pause`);
      expect([chunked.status, chunked.json.data?.status]).toEqual([200, 'paused']);
    }
  });

  it('a route that needs fields says the body must be a JSON object, empty or chunked-empty', async () => {
    const r = await t.call('POST', '/v1/webhooks', { headers: JSON_TYPE });
    expect(r.json).toEqual({ status: 'error', code: 400, message: 'body must be a JSON object' });
    expect((await postChunkedEmpty('/v1/transactions')).json.message).toBe('body must be a JSON object');
    // Bytes that are not JSON are still refused as such.
    const bad = await t.call('POST', '/v1/webhooks/we_1/pause', { headers: JSON_TYPE, rawBody: ' ' });
    expect([bad.status, bad.json.message]).toEqual([400, 'Invalid JSON body']);
  });

  it('the /v1 OpenAPI document says so: a body is required only where it has a required field', async () => {
    // A client generated from the document would otherwise have to invent a body for rotate and replay.
    type Operation = { requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> } };
    const doc = (await t.call('GET', '/v1/openapi.json', { pair: null })).json as {
      paths: Record<string, Record<string, Operation>>;
    };
    const said: Record<string, boolean> = {};
    const wanted: Record<string, boolean> = {};
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        if (!op.requestBody) continue;
        const name = `${method.toUpperCase()} ${path}`;
        said[name] = op.requestBody.required === true;
        wanted[name] = Boolean(op.requestBody.content['application/json'].schema.required?.length);
      }
    expect(said).toMatchObject({
      'POST /v1/webhooks/{id}/rotate': false,
      'POST /v1/webhooks/{id}/replay': false,
      'POST /ext/service/v1/webhooks/{id}/replay': false,
      'POST /v1/webhooks': true,
      'POST /v1/transactions': true,
    });
    expect(said).toEqual(wanted);
  });

  it("the console's rotate and replay take no body with a JSON Content-Type too", async () => {
    // The walk above signed the admin out at its end.
    const client = await consoleLogin(t.url, 'ada', 'correct horse battery');
    const add = await t.call('POST', '/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/console-empty', event_types: ['*'] },
    });
    const id = add.json.data.id as string;
    const rotated = await client.call('POST', `/console/admin/webhooks/${id}/rotate`, undefined, {
      headers: JSON_TYPE,
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    const replay = await client.call('POST', `/console/admin/webhooks/${id}/replay`, undefined, {
      headers: JSON_TYPE,
    });
    expect([replay.status, replay.json]).toEqual([200, { replayed: 0 }]);
  });
});
