import { Type } from '@sinclair/typebox';
import { Environment } from './console-schemas.js';
import { EVENT_TYPES } from '../../domain/webhook-events.js';
import { Lit, Nullable, PerEnv } from './admin-schema-blocks.js';

/** The admin console's answers about merchants' webhook endpoints and their deliveries. */

/** A merchant's webhook endpoint as the console shows it; never its secret. */
export const WebhookEndpointInfo = Type.Object({
  id: Type.String({ description: 'we_… id' }),
  environment: Environment,
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  status: Lit('enabled', 'paused'),
  old_secret_expires_at: Nullable(
    Type.String({ description: 'until when the rotated-out secrets (up to 3) still sign (ISO)' }),
  ),
  created_at: Type.String(),
});

/** An endpoint with its signing secret: shown once, when added or rotated. */
export const WebhookEndpointWithSecret = Type.Object({
  ...WebhookEndpointInfo.properties,
  secret: Type.String({ description: 'shown only in this answer' }),
});

export const MerchantWebhooks = Type.Object({
  merchant_code: Type.String(),
  webhooks: Type.Array(WebhookEndpointInfo),
  low_balance_thresholds: PerEnv(Nullable(Type.String({ description: 'naira; null: no low-balance event' }))),
  allow_private: Type.Boolean({ description: 'the node runs with --allow-private-webhooks' }),
  event_types: Type.Array(Lit(...EVENT_TYPES), {
    description: 'every event type an endpoint may subscribe to (["*"] subscribes to all, also later ones)',
  }),
});

export const WebhookDeliveryInfo = Type.Object({
  id: Type.Integer(),
  event_id: Type.String({ description: 'evt_… id' }),
  event_type: Type.String(),
  state: Lit('pending', 'delivered', 'failed'),
  attempts: Type.Integer(),
  last_status: Nullable(Type.Integer({ description: "the receiver's HTTP status" })),
  last_error: Nullable(Type.String()),
  last_latency_ms: Nullable(Type.Number()),
  next_attempt_at: Nullable(Type.String({ description: 'pending only: when it is tried next (ISO)' })),
  updated_at: Type.String(),
});

export const WebhookDeliveries = Type.Object({
  endpoint: WebhookEndpointInfo,
  deliveries: Type.Array(WebhookDeliveryInfo),
});

export const WebhookTestResult = Type.Object({
  delivered: Type.Boolean({ description: 'the receiver answered 2xx' }),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  latency_ms: Type.Number(),
});
