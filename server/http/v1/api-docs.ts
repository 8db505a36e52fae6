import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/** Where the browsable API docs live (swagger-ui over the /v1 OpenAPI document). */
export const API_DOCS_PREFIX = '/v1/docs';

/**
 * The docs page's Content-Security-Policy: exactly what swagger-ui needs. Its scripts and
 * styles are files of its own (React sets style props through the CSSOM); images are its CSS
 * icons and our logo, as data: URLs; it fetches the document and "Try it out" calls from here.
 * No https: sources, no validator.swagger.io (the validator badge is off), and no
 * upgrade-insecure-requests: the node speaks plain http, and on a LAN address a browser would
 * upgrade the page's own requests to an https port nothing listens on.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** VendPoint's mark on a 32-unit square, as renderer/public/favicon.svg draws it. */
const MARK =
  '<rect width="32" height="32" rx="7" fill="#0b6e4f"/><path d="M9 9h4l3 9 3-9h4l-5.2 14h-3.6z" fill="#fff"/>';

/** The page's favicon: the console's own (a test keeps the two the same). */
export const VENDPOINT_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;

/** The top bar's logo: the mark and the name, white on swagger-ui's dark bar. */
export const DOCS_LOGO_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 40" width="220" height="40">',
  `<g transform="translate(2 4)">${MARK}</g>`,
  // One text run, so "API" follows the name in whatever font the browser picks.
  '<text x="44" y="28" font-family="system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" font-size="22" fill="#fff">',
  '<tspan font-weight="700">VendPoint</tspan><tspan fill="#b8c4be"> API</tspan></text>',
  '</svg>',
].join('');

/**
 * A swagger-ui plugin that @fastify/swagger-ui writes into swagger-initializer.js by calling its
 * toString(). Given as source text, not as a function of ours: a compiled function's text is
 * the transpiler's (tsx adds `__name(...)` calls the browser has no definition of). The node
 * never calls it.
 */
function browserPlugin(source: string) {
  return Object.assign(() => ({}), { toString: () => source });
}

/*
 * A `plugins` setting replaces swagger-ui's list, so DownloadUrl (its own plugin, which loads
 * the document) is listed again. The top bar's own Logo is an inline SVG with a <style>
 * element, which the CSP above blocks (the console warning the integrator saw) before
 * @fastify/swagger-ui swaps our logo in: it is drawn empty instead, and the swap fills the link.
 */
const DOCS_PLUGINS = [
  browserPlugin('function (system) { return SwaggerUIBundle.plugins.DownloadUrl(system) }'),
  browserPlugin('function () { return { components: { Logo: function () { return null } } } }'),
];

/** Serves the docs page at /v1/docs: VendPoint's name and mark, no inline styles, a strict CSP. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: API_DOCS_CSP,
    logo: { type: 'image/svg+xml', content: DOCS_LOGO_SVG },
    theme: {
      title: 'VendPoint API',
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          type: 'image/svg+xml',
          sizes: 'any',
          content: VENDPOINT_MARK_SVG,
        },
      ],
    },
    uiConfig: { plugins: DOCS_PLUGINS },
  });
}
