import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import { errorResponses, type ApiPrefix } from '../schemas.js';
import {
  addWebhookEndpoint,
  listWebhookEndpoints,
  ownedEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointStatus,
} from '../../services/webhooks.js';
import { parseEndpointId } from '../../store/webhooks.js';
import { EVENT_TYPES } from '../../domain/webhook-events.js';

export const Endpoint = Type.Object({
  id: Type.String({ description: 'we_…' }),
  environment: Type.String({ description: 'test or live: the credential that created it' }),
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  status: Type.String({ description: 'enabled or paused' }),
  old_secret_expires_at: Type.Union([Type.String(), Type.Null()], {
    description:
      'while rotated-out secrets still sign beside the current one (up to 3, one v1 each): when they all stop',
  }),
  created_at: Type.String(),
});

const EndpointWithSecret = Type.Composite([
  Endpoint,
  Type.Object({ secret: Type.String({ description: 'whsec_…, shown in this answer only' }) }),
]);

const CreateBody = Type.Object(
  {
    url: Type.String({ description: 'https (live); a public address unless the node allows private ones' }),
    event_types: Type.Array(Type.String(), {
      description: `["*"] or any of: ${EVENT_TYPES.join(', ')}`,
      minItems: 1,
    }),
  },
  { additionalProperties: false },
);

const RotateBody = Type.Object(
  {
    overlap_hours: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 168,
        description: 'how long the old secret keeps signing beside the new one; default 24',
      }),
    ),
  },
  { additionalProperties: false },
);

export const EndpointParams = Type.Object({ id: Type.String({ description: 'we_…' }) });

const endpointAnswer = <T extends typeof Endpoint | typeof EndpointWithSecret>(data: T) => ({
  200: Type.Object({ status: Type.Literal('success'), data }),
  ...errorResponses,
});

/**
 * The caller's endpoint by its we_… id: another merchant's or environment's, a malformed id and
 * a removed endpoint are all "not found" (getEndpoint never returns a removed one).
 */
export function callersEndpoint(s: Services, request: Pick<FastifyRequest, 'caller'>, id: string) {
  const c = callerOf(request);
  const e = ownedEndpoint(s, parseEndpointId(id), c.merchant.id, c.environment);
  return { c, e };
}

/**
 * The merchant's own webhook endpoints (per credential environment): add, list, pause, resume,
 * rotate the signing secret, remove. Mounted under /v1 and /ext/service/v1.
 */
export function registerWebhookRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['webhooks'];

  app.get(
    `${prefix}/webhooks`,
    {
      schema: {
        tags,
        summary: "The credential environment's webhook endpoints",
        response: {
          200: Type.Object({ status: Type.Literal('success'), data: Type.Array(Endpoint) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const c = callerOf(request);
      return { status: 'success' as const, data: listWebhookEndpoints(s, c.merchant.id, c.environment) };
    },
  );

  app.post(
    `${prefix}/webhooks`,
    {
      schema: {
        tags,
        summary: 'Add an endpoint; the answer carries its signing secret, shown this once',
        body: CreateBody,
        // 409: the URL is already one of this merchant's endpoints, or it has 10 already.
        response: Object.assign(
          { 201: Type.Object({ status: Type.Literal('success'), data: EndpointWithSecret }) },
          errorResponses,
          { 409: Type.Ref('ErrorBody') },
        ),
      },
    },
    async (request, reply) => {
      const c = callerOf(request);
      const data = await addWebhookEndpoint(s, {
        merchantId: c.merchant.id,
        environment: c.environment,
        url: request.body.url,
        eventTypes: request.body.event_types,
        actor: c.actor,
      });
      reply.status(201);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    `${prefix}/webhooks/:id/rotate`,
    {
      schema: {
        tags,
        summary:
          'A new signing secret, shown this once; the old one keeps signing beside it for overlap_hours (two v1 values)',
        description:
          "Rotated again inside the overlap window, every secret still signing goes on until the later of the two windows' ends (old_secret_expires_at), so no announced window is cut short; 409 when 3 rotated-out secrets already sign. overlap_hours 0 leaves the new secret alone signing at once.",
        params: EndpointParams,
        body: RotateBody,
        response: Object.assign(endpointAnswer(EndpointWithSecret), { 409: Type.Ref('ErrorBody') }),
      },
    },
    async (request) => {
      const { c, e } = callersEndpoint(s, request, request.params.id);
      const data = rotateWebhookSecret(s, e, request.body.overlap_hours, c.actor);
      return { status: 'success' as const, data };
    },
  );

  for (const [action, status] of [
    ['pause', 'paused'],
    ['resume', 'enabled'],
  ] as const) {
    app.post(
      `${prefix}/webhooks/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'pause'
              ? 'Stop sending to the endpoint; its events wait, in order, until it is resumed'
              : 'Send to the endpoint again, starting with what waited while it was paused',
          params: EndpointParams,
          response: endpointAnswer(Endpoint),
        },
      },
      async (request) => {
        const { c, e } = callersEndpoint(s, request, request.params.id);
        return { status: 'success' as const, data: setWebhookEndpointStatus(s, e, status, c.actor) };
      },
    );
  }

  app.delete(
    `${prefix}/webhooks/:id`,
    {
      schema: {
        tags,
        summary: 'Remove an endpoint; nothing more is sent to it',
        params: EndpointParams,
        response: {
          200: Type.Object({ status: Type.Literal('success'), message: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { c, e } = callersEndpoint(s, request, request.params.id);
      setWebhookEndpointStatus(s, e, 'removed', c.actor);
      return { status: 'success' as const, message: `webhook endpoint ${request.params.id} removed` };
    },
  );
}
