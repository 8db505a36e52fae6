import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { requireMerchant } from '../../store/merchants.js';
import { getLowBalanceThreshold } from '../../store/wallets.js';
import { setLowBalanceAlert } from '../../services/admin-wallets.js';
import { deliveryLogJson, listDeliveries } from '../../store/webhook-deliveries.js';
import {
  addWebhookEndpoint,
  endpointById,
  endpointView,
  listWebhookEndpoints,
  replayWebhookDeliveries,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointStatus,
} from '../../services/webhooks.js';
import { EVENT_TYPES } from '../../domain/webhook-events.js';
import { koboToApiNaira } from '../../../common/money.js';
import { WEBHOOK_URL_MAX } from '../../../common/input-limits.js';
import { adminActor } from './admin-guard.js';
import { answer, CodeParams, ConsoleError, IdParams, typed } from './contract.js';
import {
  MerchantWebhooks,
  WebhookDeliveries,
  WebhookEndpointInfo,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from './admin-webhook-schemas.js';

const tags = ['admin: webhooks'];
const Env = Type.Union([Type.Literal('test'), Type.Literal('live')]);
/** The we_… id is checked by the handler (a malformed one is 404, as an unknown one). */
const AddBody = Type.Object(
  {
    environment: Env,
    url: Type.String({ maxLength: WEBHOOK_URL_MAX }),
    event_types: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
const StatusBody = Type.Object(
  { status: Type.Union([Type.Literal('enabled'), Type.Literal('paused')]) },
  { additionalProperties: false },
);
const ReplayBody = Type.Object(
  { delivery_id: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);
const RotateBody = Type.Object(
  { overlap_hours: Type.Optional(Type.Number({ minimum: 0, maximum: 168 })) },
  { additionalProperties: false },
);
const ThresholdBody = Type.Object(
  { amount: Type.Union([Type.String(), Type.Null()]) },
  { additionalProperties: false },
);

/** Merchants → Webhooks: endpoints, delivery log, test event, replay, pause, and low-balance thresholds. */
export function registerAdminWebhookRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const endpoint = (id: string) => endpointById(s, id);

  app.get(
    '/console/admin/merchants/:code/webhooks',
    { schema: { tags, params: CodeParams, response: answer(MerchantWebhooks) } },
    async (request) => {
      const m = requireMerchant(s.db, request.params.code);
      const threshold = (env: 'test' | 'live') => {
        const k = getLowBalanceThreshold(s.db, m.id, env);
        return k === null ? null : koboToApiNaira(k);
      };
      return {
        merchant_code: m.code,
        webhooks: listWebhookEndpoints(s, m.id),
        low_balance_thresholds: { test: threshold('test'), live: threshold('live') },
        allow_private: s.config.webhooksAllowPrivate,
        event_types: [...EVENT_TYPES],
      };
    },
  );

  app.post(
    '/console/admin/merchants/:code/webhooks',
    { schema: { tags, params: CodeParams, body: AddBody, response: answer(WebhookEndpointWithSecret) } },
    async (request) => {
      const m = requireMerchant(s.db, request.params.code);
      return addWebhookEndpoint(s, {
        merchantId: m.id,
        environment: request.body.environment,
        url: request.body.url,
        eventTypes: request.body.event_types,
        actor: adminActor(request),
      });
    },
  );

  app.put(
    '/console/admin/merchants/:code/wallets/:env/low-balance',
    {
      schema: {
        tags,
        params: Type.Object({ code: Type.String(), env: Env }),
        body: ThresholdBody,
        response: answer(Type.Object({ low_balance_threshold: Type.Union([Type.String(), Type.Null()]) })),
      },
    },
    async (request) => {
      const kobo = setLowBalanceAlert(s, {
        code: request.params.code,
        env: request.params.env,
        amount: request.body.amount,
        actor: adminActor(request),
      });
      return { low_balance_threshold: kobo === null ? null : koboToApiNaira(kobo) };
    },
  );

  app.get(
    '/console/admin/webhooks/:id/deliveries',
    { schema: { tags, params: IdParams, response: answer(WebhookDeliveries) } },
    async (request) => {
      const e = endpoint(request.params.id);
      return { endpoint: endpointView(e), deliveries: listDeliveries(s.db, e.id, 200).map(deliveryLogJson) };
    },
  );

  app.post(
    '/console/admin/webhooks/:id/test',
    { schema: { tags, params: IdParams, response: answer(WebhookTestResult) } },
    async (request) => sendTestWebhook(s, endpoint(request.params.id)),
  );

  app.post(
    '/console/admin/webhooks/:id/replay',
    {
      schema: {
        tags,
        params: IdParams,
        body: ReplayBody,
        response: answer(
          Type.Object({ replayed: Type.Integer({ description: 'deliveries put back in the queue' }) }),
        ),
      },
    },
    async (request) =>
      replayWebhookDeliveries(
        s,
        endpoint(request.params.id),
        request.body.delivery_id ?? null,
        adminActor(request),
      ),
  );

  app.post(
    '/console/admin/webhooks/:id/status',
    { schema: { tags, params: IdParams, body: StatusBody, response: answer(WebhookEndpointInfo) } },
    async (request) =>
      setWebhookEndpointStatus(s, endpoint(request.params.id), request.body.status, adminActor(request)),
  );

  app.post(
    '/console/admin/webhooks/:id/rotate',
    {
      schema: {
        tags,
        params: IdParams,
        body: RotateBody,
        // 409: three rotated-out secrets already sign beside the current one.
        response: { ...answer(WebhookEndpointWithSecret), 409: ConsoleError },
      },
    },
    async (request) =>
      rotateWebhookSecret(s, endpoint(request.params.id), request.body.overlap_hours, adminActor(request)),
  );

  const removeSchema = {
    tags,
    params: IdParams,
    response: answer(Type.Object({ removed: Type.Literal(true) })),
  };
  app.delete('/console/admin/webhooks/:id', { schema: removeSchema }, async (request) => {
    setWebhookEndpointStatus(s, endpoint(request.params.id), 'removed', adminActor(request));
    return { removed: true as const };
  });
}
