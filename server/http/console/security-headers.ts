import { routedPath } from './routed-path.js';
import type { FastifyInstance } from 'fastify';

/**
 * The console's Content-Security-Policy: only our own scripts, styles, images (plus data:
 * and blob: for QR codes and receipts), no framing, no plugins. Vue's compiled templates need
 * neither eval nor inline styles (style bindings go through the CSSOM), so no 'unsafe-*'.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the security headers to every response of the scope (the page, its assets, its API). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONSOLE_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // API answers carry session data and wallet balances: never cached unless a route says so.
    if (routedPath(request).startsWith('/console/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
