import { afterEach, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * The session cookie is marked Secure when the sign-in arrived over HTTPS, which the node (plain
 * HTTP itself) learns only from a TLS proxy it trusts (docs/security.md, "A TLS proxy in front").
 * A client that merely claims X-Forwarded-Proto: https is not believed, so it cannot make a
 * cookie the browser would then refuse to send back over http.
 */
let t: TestNode | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const PASSWORD = 'a good password 1';
async function signIn(node: TestNode, headers: Record<string, string>) {
  const r = await node.call('POST', '/console/login', {
    pair: null,
    headers,
    body: { username: 'admin', password: PASSWORD },
  });
  expect(r.status).toBe(200);
  return String(r.headers['set-cookie']);
}

describe('the session cookie and HTTPS', () => {
  it('is Secure behind a trusted TLS proxy, and not Secure over plain HTTP', async () => {
    t = await startTestNode({ trustedProxies: ['127.0.0.1'] });
    // Through a proxy the node is not "this machine": setup takes the code it printed.
    const code = t.node.services.setupClaim.code ?? '';
    const setup = await t.call('POST', '/console/setup', {
      pair: null,
      headers: { 'x-setup-code': code },
      body: { username: 'admin', password: PASSWORD, merchant_code: 'DEMO' },
    });
    expect(setup.status).toBe(200);
    const viaProxy = await signIn(t, { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' });
    expect(viaProxy).toMatch(/; Secure/);
    expect(viaProxy).toMatch(/HttpOnly/);
    expect(await signIn(t, {})).not.toMatch(/Secure/);
  });

  it('a client that only claims HTTPS, with no trusted proxy, gets no Secure cookie', async () => {
    t = await startTestNode();
    expect(
      (
        await t.call('POST', '/console/setup', {
          pair: null,
          body: { username: 'admin', password: PASSWORD, merchant_code: 'DEMO' },
        })
      ).status,
    ).toBe(200);
    expect(await signIn(t, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
  });
});
