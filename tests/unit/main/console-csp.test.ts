import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../helpers/test-node.js';

/** The CSP is sent by the node (server/http/console); the desktop window relies on it. */
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
}, 20_000);
afterAll(async () => t?.close());

function directives(header: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('the console HTML carries a strict Content-Security-Policy', () => {
  it('GET / sends a CSP that allows only the node itself and no inline or eval script', async () => {
    const r = await t.call('GET', '/', { pair: null });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/text\/html/);
    const header = r.headers['content-security-policy'];
    expect(header, 'server/http/console must send Content-Security-Policy on the console HTML').toBeTypeOf(
      'string',
    );
    const csp = directives(String(header));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts).toContain("'self'");
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:', 'data:'])
      expect(scripts).not.toContain(unsafe);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(expect.arrayContaining(["'self'"]));
  });
});
