import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Services } from './services/context.js';
import { registerErrorHandling, errorBody, answerClientError } from './http/errors.js';
import { hostChecker, requireMerchantAuth } from './http/access.js';
import { API_PREFIXES, ErrorBody, UNPREFIXED, withPathLimitAnswer } from './http/schemas.js';
import { watchRouteSchemas } from './http/route-schemas.js';
import { markOptionalBodies, readEmptyJsonAsNoBody } from './http/optional-body.js';
import { registerTransactionRoutes } from './http/v1/transactions.js';
import { registerPlanRoutes } from './http/v1/plans.js';
import { registerWalletRoutes } from './http/v1/wallet.js';
import { registerOrderRoutes } from './http/v1/orders.js';
import { registerWebhookRoutes } from './http/v1/webhooks.js';
import { registerWebhookDeliveryRoutes } from './http/v1/webhook-deliveries.js';
import { registerEventFeedRoutes } from './http/v1/events.js';
import { registerApiDocs } from './http/v1/api-docs.js';
import { WEBHOOK_EVENT_SCHEMAS, WEBHOOKS_DESCRIPTION, WEBHOOKS } from './http/v1/webhook-events-doc.js';
import { registerInternalRoutes } from './http/internal/routes.js';
import { registerConsole } from './http/console/index.js';
import { lazyChildLogger } from './http/lazy-child-logger.js';
import { drainOnClose, isStopping, refuseWhileStopping } from './http/drain.js';
import { QuietRequestLog, logDestination } from './http/request-logging.js';
import { IpRateLimiter } from './http/ip-rate-limit.js';
import { credentialRateStore } from './http/credential-rate-store.js';
import { exemptAddresses, guardConnections } from './http/connection-caps.js';
import { connectionCeiling, readDescriptorLimit } from './http/descriptor-limit.js';
import { refusedContentEncoding } from './http/content-encoding.js';
import { trimSurroundingWhitespace } from './http/trim-fields.js';
import { sharedSerializerFactory, sharedValidatorFactory } from './http/shared-schema-compilers.js';
import { CSRF_HEADER } from '../common/console-protocol.js';

export const BODY_LIMIT = 1024 * 1024;
/**
 * The time a client has to send one whole request, headers and body: a sale's body is a few
 * hundred bytes. Fastify's default (0) let a request that never finished arriving hold its
 * connection for ever. It ends when the request has arrived: a handler that waits for a
 * provider longer than this still answers.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The unauthenticated uptime check; its per-IP rate limit is a bucket of its own. */
const HEALTH_PATH = '/v1/healthz';

function isEmptyBody(headers: FastifyRequest['headers']): boolean {
  const length = headers['content-length'];
  return (length === undefined || length === '0') && headers['transfer-encoding'] === undefined;
}

/** Below this many descriptors the start says how few connections the node can hold. */
const LOW_DESCRIPTOR_LIMIT = 4096;

/**
 * Bounds the connections held open, before any byte of them is read (http/connection-caps.ts):
 * per client address, and node-wide below the descriptor limit so inbound connections alone
 * never leave the node without a descriptor for its database, backups or providers.
 */
function guardNodeConnections(app: FastifyInstance, s: Services): void {
  const limit = readDescriptorLimit();
  const ceiling = s.config.connectionCeiling ?? connectionCeiling(limit, s.config.maxInFlight);
  guardConnections(
    app.server,
    {
      perAddress: s.config.connectionsPerIp,
      ceiling,
      exempt: exemptAddresses(s.config.trustedProxies, s.config.capLoopbackConnections),
    },
    app.log,
  );
  if (limit !== null && limit < LOW_DESCRIPTOR_LIMIT)
    app.log.warn(
      { descriptor_limit: limit, connection_ceiling: ceiling },
      `this process may open only ${limit} files and sockets, so the node serves at most ${ceiling} connections at once; raise the limit (ulimit -n, systemd LimitNOFILE) to serve more`,
    );
}

/** Builds the node's HTTP app without listening (tests use app.inject or listen on port 0). */
export async function buildApp(s: Services): Promise<FastifyInstance> {
  const destination = s.config.logLevel === 'silent' ? {} : await logDestination(s.config);
  const requestTimeout = s.config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger:
      s.config.logLevel === 'silent'
        ? false
        : {
            level: s.config.logLevel,
            redact: [
              'req.headers["x-merchant-secret"]',
              'req.headers.cookie',
              'req.headers.authorization',
              `req.headers["${CSRF_HEADER}"]`,
            ],
            ...destination,
          },
    logController: new QuietRequestLog(),
    bodyLimit: BODY_LIMIT,
    // A request reaching a stopping node is answered in the API's error body (http/drain.ts).
    return503OnClosing: false,
    requestTimeout,
    http: {
      // A request without Host reaches the Host check below, which answers it in the error body
      // (Node's own refusal is an empty 400).
      requireHostHeader: false,
      // Headers get no longer than the whole request (Node's default is 60 s), and late requests
      // are looked for often enough that one is cut within a few seconds of its limit.
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler: answerClientError,
    trustProxy: s.config.trustedProxies.length ? s.config.trustedProxies : false,
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLogger,
    requestIdHeader: false,
    ajv: {
      // verbose: a failure carries its schema and value, so the error mapper can word it (a
      // union's choices, a repeated query value); it changes only the compiled failure branches.
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
        verbose: true,
      },
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router refuses before any route (a bad escape, a path id over 100
    // characters) answers in the API's error envelope like every other refusal.
    frameworkErrors: (error, _request, reply) => {
      const [code, message]: [number, string] =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'A path part is longer than 100 characters: request ids and references are at most 100']
          : error.code === 'FST_ERR_BAD_URL'
            ? [400, 'The path is not a valid URL: check its % escapes']
            : [error.statusCode ?? 500, error.message];
      void (reply as FastifyReply).code(code).send(errorBody(code, message));
    },
    schemaController: {
      compilersFactory: {
        buildSerializer: sharedSerializerFactory(),
        buildValidator: sharedValidatorFactory(),
      },
    },
  });
  // Only JSON is read. Fastify also parses text/plain into a string, which the routes then
  // refused as "body must be a JSON object" even when the text was one: a 415 says what to send.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('caller', null);
  const limited = s.config.rateLimitPerMinute > 0;
  const perIp = limited ? new IpRateLimiter(s.config.rateLimitPerMinute, s.now) : null;
  // The health check's own bucket, as large: a monitor's polls neither use up the integrator's
  // allowance from the same address nor read as 429 after its burst; a flood of them still stops.
  const healthPerIp = limited ? new IpRateLimiter(s.config.rateLimitPerMinute, s.now) : null;
  s.diskFull.setLogger(app.log);
  guardNodeConnections(app, s);
  registerErrorHandling(app, {
    unauthorized: perIp ? (request) => perIp.penalise(request.ip) : undefined,
    diskFull: s.diskFull,
  });
  watchRouteSchemas(app);
  readEmptyJsonAsNoBody(app);
  app.addSchema(ErrorBody);

  // Callback-style hooks: on the hottest path an async hook costs a promise per request.
  const hostIsOurs = hostChecker(s.config.allowedHosts);
  drainOnClose(app, { streamIdleMs: s.config.streamIdleMs });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Answers are JSON (or a PNG, or the docs): never to be read by a browser as anything else.
    reply.header('x-content-type-options', 'nosniff');
    if (isStopping(app)) {
      refuseWhileStopping(reply);
      return;
    }
    if (!hostIsOurs(request.headers.host)) {
      if (request.headers.host === undefined || request.headers.host === '')
        reply.status(400).send(errorBody(400, 'A Host header is required'));
      else reply.status(403).send(errorBody(403, 'Host not allowed'));
      return;
    }
    // Before any authentication, so wrong secrets and made-up keys are counted per client IP.
    const bucket = request.routeOptions.url === HEALTH_PATH ? healthPerIp : perIp;
    const wait = bucket === null ? 0 : bucket.take(request.ip);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      reply.header('retry-after', seconds);
      reply.status(429).send(errorBody(429, `Too many requests; retry after ${seconds} s`));
      return;
    }
    const encoding = isEmptyBody(request.headers) ? null : refusedContentEncoding(request.headers);
    if (encoding !== null) {
      reply.header('accept-encoding', 'identity');
      reply.status(415).send(errorBody(415, encoding));
      return;
    }
    // Clients that send a JSON content type on every call send it on a DELETE without a body
    // too; that is not a malformed JSON body, so it is read as no body at all.
    if (request.method === 'DELETE' && isEmptyBody(request.headers)) delete request.headers['content-type'];
    done();
  });

  if (limited) {
    await app.register(rateLimit, {
      max: s.config.rateLimitPerMinute,
      timeWindow: 60_000,
      store: credentialRateStore(60_000, s.now),
      // After authentication, keyed on who was proven (never on a header value a client can vary).
      hook: 'preHandler',
      allowList: (req) => req.caller === null && !req.consoleSession,
      keyGenerator: (req) => (req.caller ? req.caller.actor : `user:${req.consoleSession?.user.id ?? '-'}`),
      errorResponseBuilder: (_req, ctx) => ({
        ...errorBody(429, `Too many requests; retry after ${Math.ceil(ctx.ttl / 1000)} s`),
        statusCode: 429,
      }),
    });
  }

  await app.register(swagger, {
    openapi: {
      // 3.1: its top-level `webhooks` is what swagger-ui lists; its schemas are JSON Schema, as TypeBox writes them.
      openapi: '3.1.0',
      info: {
        title: 'VendPoint Vending Service Interface',
        version: '1.0.0',
        description: `The /v1 API of a VendPoint node. Authenticate with X-Merchant-Key and X-Merchant-Secret.\n\n${WEBHOOKS_DESCRIPTION}`,
      },
      components: {
        securitySchemes: {
          key: { type: 'apiKey', in: 'header', name: 'X-Merchant-Key' },
          secret: { type: 'apiKey', in: 'header', name: 'X-Merchant-Secret' },
        },
        schemas: WEBHOOK_EVENT_SCHEMAS,
      },
      security: [{ key: [], secret: [] }],
      webhooks: WEBHOOKS,
    },
    // The console's routes have a document of their own (/console/openapi.json), never shown to merchants.
    transform: ({ schema, url }) => ({
      schema: url.startsWith('/console') ? { ...schema, hide: true } : withPathLimitAnswer(schema, url),
      url,
    }),
    transformObject: (document) =>
      'openapiObject' in document ? markOptionalBodies(document.openapiObject) : document.swaggerObject,
  });
  await registerApiDocs(app);
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(
    HEALTH_PATH,
    {
      schema: {
        tags: ['health'],
        summary: 'Uptime check, no authentication',
        security: [],
        description:
          "`status` is `ok`, or `degraded` while the node's disk is full: `disk_full_since` then says since when, and purchases are refused with 503 and `Retry-After` (nothing charged) until space is freed; reads still answer.",
        response: {
          200: Type.Object({
            status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
            uptime_s: Type.Integer(),
            disk_full_since: Type.Optional(Type.String({ format: 'date-time' })),
          }),
        },
      },
    },
    async () => {
      const uptime_s = Math.round(process.uptime());
      const since = s.diskFull.since;
      return since === null
        ? { status: 'ok', uptime_s }
        : { status: 'degraded', uptime_s, disk_full_since: since };
    },
  );

  await app.register(async (api) => {
    // Answers carry what a sale delivered (tokens, gift-card codes, eSIM activation codes): no
    // browser (the docs page's Try it out) or proxy may keep a copy. A route's own header wins.
    api.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    });
    requireMerchantAuth(api, s);
    trimSurroundingWhitespace(api);
    // Each operation is declared once and mounted under both prefixes.
    for (const prefix of API_PREFIXES) {
      registerTransactionRoutes(api, s, prefix);
      registerPlanRoutes(api, s, prefix);
      registerWalletRoutes(api, s, prefix);
      registerOrderRoutes(api, s, prefix);
      registerWebhookRoutes(api, s, prefix);
      registerWebhookDeliveryRoutes(api, s, prefix);
      registerEventFeedRoutes(api, s, prefix);
    }
    registerOrderRoutes(api, s, UNPREFIXED);
    registerInternalRoutes(api, s);
  });

  await registerConsole(app, s);
  return app;
}
