import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { errorResponses, type ApiPrefix } from '../schemas.js';
import { Nullable, PageSize } from '../schema-blocks.js';
import { deliveryLogJson, listDeliveries } from '../../store/webhook-deliveries.js';
import { replayWebhookDeliveries, sendTestWebhook } from '../../services/webhooks.js';
import { specRoutes } from './spec-routes.js';
import { callersEndpoint, EndpointParams } from './webhooks.js';

const Delivery = Type.Object({
  id: Type.Integer({ description: 'the delivery, as replay names it' }),
  event_id: Type.String({ description: 'evt_…, as the feed and the webhook body carry it' }),
  event_type: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_status: Nullable(Type.Integer({ description: "your receiver's HTTP status" })),
  last_error: Nullable(Type.String()),
  last_latency_ms: Nullable(Type.Number()),
  next_attempt_at: Nullable(Type.String({ description: 'pending only: when it is tried next (ISO)' })),
  updated_at: Type.String(),
});

const success = <T extends TSchema>(data: T) => Type.Object({ status: Type.Literal('success'), data });

/**
 * What happened to an endpoint's deliveries, and what an integrator can do about it: replay the
 * failed ones, send a test event. Mounted under /v1 and /ext/service/v1.
 */
export function registerWebhookDeliveryRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  const routes = specRoutes(server, prefix, 'webhooks');

  routes.get(
    '/webhooks/:id/deliveries',
    {
      summary:
        "The endpoint's deliveries, newest first: attempts, your receiver's last answer, the next retry",
      params: EndpointParams,
      querystring: Type.Object({ limit: Type.Optional(PageSize(200, { description: '1-200, default 50' })) }),
      response: {
        200: Type.Object({ status: Type.Literal('success'), data: Type.Array(Delivery) }),
        ...errorResponses,
      },
    },
    async (request) => {
      const { e } = callersEndpoint(s, request, request.params.id);
      const limit = Number(request.query.limit ?? 50);
      return { status: 'success' as const, data: listDeliveries(s.db, e.id, limit).map(deliveryLogJson) };
    },
  );

  server.withTypeProvider<TypeBoxTypeProvider>().post(
    `${prefix}/webhooks/:id/replay`,
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Send deliveries again now: failed ones (with a fresh retry schedule) and those waiting for a retry; one (delivery_id) or all; each keeps its event id',
        params: EndpointParams,
        body: Type.Object(
          {
            delivery_id: Type.Optional(
              Type.Integer({ minimum: 1, description: 'default: every failed or retrying one' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: success(Type.Object({ replayed: Type.Integer({ description: 'deliveries sent again now' }) })),
          409: Type.Ref('ErrorBody'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { c, e } = callersEndpoint(s, request, request.params.id);
      const data = replayWebhookDeliveries(s, e, request.body.delivery_id ?? null, c.actor);
      return { status: 'success' as const, data };
    },
  );

  routes.post(
    '/webhooks/:id/test',
    {
      summary:
        'Send a signed test event (type "webhook.test") to the endpoint now and report how your receiver answered; nothing is queued or retried',
      params: EndpointParams,
      response: {
        200: success(
          Type.Object({
            delivered: Type.Boolean({ description: 'your receiver answered 2xx' }),
            status_code: Nullable(Type.Integer()),
            error: Nullable(Type.String()),
            latency_ms: Type.Number(),
          }),
        ),
        ...errorResponses,
      },
    },
    async (request) => {
      const { e } = callersEndpoint(s, request, request.params.id);
      return { status: 'success' as const, data: await sendTestWebhook(s, e) };
    },
  );
}
