import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { callerOf } from '../access.js';
import { errorResponses, type ApiPrefix } from '../schemas.js';
import { PageSize, PatternText } from '../schema-blocks.js';
import {
  addWebhookEndpoint,
  listWebhookEndpoints,
  ownedEndpoint,
  setWebhookEndpointStatus,
} from '../../services/webhooks.js';
import { parseEndpointId } from '../../store/webhooks.js';
import { listEvents } from '../../store/events.js';
import { eventBody } from '../../jobs/webhook-delivery.js';
import { EVENT_TYPES } from '../../domain/webhook-events.js';

const Endpoint = Type.Object({
  id: Type.String({ description: 'we_…' }),
  environment: Type.String({ description: 'test or live: the credential that created it' }),
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  status: Type.String({ description: 'enabled or paused' }),
  old_secret_expires_at: Type.Union([Type.String(), Type.Null()], {
    description: 'while a rotated-out secret still signs',
  }),
  created_at: Type.String(),
});

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

const Event = Type.Object({
  id: Type.String({ description: 'evt_…, unique and the same on every retry' }),
  type: Type.String(),
  created_at: Type.String({ description: 'RFC 3339, UTC' }),
  environment: Type.String(),
  data: Type.Unknown({ description: 'the status / order / balance answer for the object at that moment' }),
});

const EventsQuery = Type.Object({
  after: Type.Optional(
    PatternText('^(?:evt_)?[0-9]{1,16}$', 'must be an event id such as evt_1042', {
      description: 'an event id; default: from the oldest kept',
    }),
  ),
  limit: Type.Optional(PageSize(500, { description: '1-500, default 100' })),
});

/**
 * The merchant's own webhook endpoints (per credential environment) and the event feed.
 * Mounted under /v1 and /ext/service/v1.
 */
export function registerWebhookRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${prefix}/webhooks`,
    {
      schema: {
        tags: ['webhooks'],
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
        tags: ['webhooks'],
        summary: 'Add an endpoint; the answer carries its signing secret, shown this once',
        body: CreateBody,
        response: {
          201: Type.Object({
            status: Type.Literal('success'),
            data: Type.Composite([
              Endpoint,
              Type.Object({ secret: Type.String({ description: 'whsec_…' }) }),
            ]),
          }),
          ...errorResponses,
        },
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

  app.delete(
    `${prefix}/webhooks/:id`,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Remove an endpoint; nothing more is sent to it',
        params: Type.Object({ id: Type.String() }),
        response: {
          200: Type.Object({ status: Type.Literal('success'), message: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const c = callerOf(request);
      const e = ownedEndpoint(s, parseEndpointId(request.params.id), c.merchant.id, c.environment);
      setWebhookEndpointStatus(s, e, 'removed', c.actor);
      return { status: 'success' as const, message: `webhook endpoint ${request.params.id} removed` };
    },
  );

  app.get(
    `${prefix}/events`,
    {
      schema: {
        tags: ['webhooks'],
        summary: "The credential environment's events, oldest first, kept 30 days",
        querystring: EventsQuery,
        response: {
          200: Type.Object({
            status: Type.Literal('success'),
            data: Type.Array(Event),
            has_more: Type.Boolean(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const c = callerOf(request);
      const after = Number((request.query.after ?? '0').replace(/^evt_/, ''));
      const limit = Number(request.query.limit ?? 100);
      const rows = listEvents(s.db, c.merchant.id, c.environment, after, limit + 1);
      return {
        status: 'success' as const,
        data: rows.slice(0, limit).map(eventBody),
        has_more: rows.length > limit,
      };
    },
  );
}
