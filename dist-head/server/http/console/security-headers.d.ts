import type { FastifyInstance } from 'fastify';
/**
 * The console's Content-Security-Policy: only our own scripts, styles, images (plus data:
 * and blob: for QR codes and receipts), no framing, no plugins. Vue's compiled templates need
 * neither eval nor inline styles (style bindings go through the CSSOM), so no 'unsafe-*'.
 */
export declare const CONSOLE_CSP: string;
/** Adds the security headers to every response of the scope (the page, its assets, its API). */
export declare function registerSecurityHeaders(app: FastifyInstance): void;
