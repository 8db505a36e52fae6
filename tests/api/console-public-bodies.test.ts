import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { PUBLIC_BODY_LIMIT } from '../../server/http/console/auth-routes.js';

/**
 * Sign-in and setup are the only routes that read a body from a caller nobody has proven yet
 * (every other console route answers 401 before its body is read, /v1 too). Their fields are a
 * few hundred characters at most, so their bodies are limited to 8 KiB. Before, they took the
 * node's 1 MiB like every route: anyone on the LAN could make the node parse a megabyte of JSON
 * per attempt (found by an outside review).
 */
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

const anon = { pair: null } as const;
/** A JSON body of about `bytes` bytes with the given fields and a padding field. */
const padded = (fields: Record<string, string>, bytes: number) =>
  JSON.stringify({ ...fields, padding: 'x'.repeat(bytes) });

describe('bodies of the console routes that need no session', () => {
  it('the limit is 8 KiB', () => {
    expect(PUBLIC_BODY_LIMIT).toBe(8 * 1024);
  });

  it('a setup body over the limit is 413 and creates nobody', async () => {
    const r = await t.call('POST', '/console/setup', {
      ...anon,
      rawBody: padded({ username: 'admin', password: 'a good password 1', merchant_code: 'DEMO' }, 9_000),
    });
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ status: 'error', code: 413, message: 'Request body too large (limit 8 KiB)' });
    expect((await t.call('GET', '/console/status', anon)).json.setup_required).toBe(true);
  });

  it('a sign-in body over the limit is 413 and is not counted as a failed sign-in', async () => {
    const setup = await t.call('POST', '/console/setup', {
      ...anon,
      body: { username: 'admin', password: 'a good password 1', merchant_code: 'DEMO' },
    });
    expect(setup.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const r = await t.call('POST', '/console/login', {
        ...anon,
        rawBody: padded({ username: 'admin', password: 'wrong password' }, 100_000),
      });
      expect(r.status).toBe(413);
    }
    // Six refusals before the throttle counted anything: the right password still signs in.
    const ok = await t.call('POST', '/console/login', {
      ...anon,
      body: { username: 'admin', password: 'a good password 1' },
    });
    expect(ok.status).toBe(200);
  });

  it('the longest fields the routes take, in any script, fit', async () => {
    const long = '\u{1F600}'.repeat(128); // 256 UTF-16 units, 512 bytes of UTF-8
    const r = await t.call('POST', '/console/login', {
      ...anon,
      body: { username: long, password: long },
    });
    expect(r.status).toBe(401);
  });

  it('other routes keep the 1 MiB limit, and say so', async () => {
    const r = await t.call('POST', '/v1/transactions', { rawBody: padded({}, 1_100_000) });
    expect(r.status).toBe(413);
    expect(r.json.message).toBe('Request body too large (limit 1 MiB)');
  });
});
