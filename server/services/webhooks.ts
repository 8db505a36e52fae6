import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Services } from './context.js';

/** What these functions use of a node; the CLI builds the same from the data directory. */
export type WebhookContext = Pick<Services, 'db' | 'box' | 'now'> & {
  config: Pick<Services['config'], 'webhooksAllowPrivate'>;
  webhooks: Pick<Services['webhooks'], 'wake' | 'sendTest'>;
};
import type { Environment } from '../store/credentials-crypto.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { isPrivateAddress, normalizedUrl, urlProblem } from '../domain/webhook-url.js';
import { PrivateWebhookTarget } from '../domain/webhook-errors.js';
import { parseEventTypes, EVENT_TYPES } from '../domain/webhook-events.js';
import {
  createEndpoint,
  getEndpoint,
  parseEndpointId,
  listEndpoints,
  publicEndpointId,
  rotateEndpointSecret,
  setEndpointStatus,
  type WebhookEndpoint,
} from '../store/webhooks.js';
import { replayFailed } from '../store/webhook-deliveries.js';

/** How long a rotated-out secret keeps signing, unless the caller says otherwise. */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/** The endpoint as the API, CLI and console show it; never its secret. */
export function endpointView(e: WebhookEndpoint) {
  return {
    id: publicEndpointId(e.id),
    environment: e.environment,
    url: e.url,
    event_types: e.eventTypes,
    status: e.status as 'enabled' | 'paused',
    old_secret_expires_at: e.oldSecretUntil ? new Date(e.oldSecretUntil).toISOString() : null,
    created_at: e.createdAt,
  };
}

/**
 * Refuses URLs whose host is, or resolves to, a loopback, private, link-local or metadata
 * address, unless the node runs with --allow-private-webhooks. The sender checks the
 * connected address again on every delivery.
 */
async function checkTarget(allowPrivate: boolean, url: string, env: Environment): Promise<void> {
  const problem = urlProblem(url, env);
  if (problem) throw new InvalidInput(problem, 'url');
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new InvalidInput(`url host ${host} does not resolve`, 'url');
    }
  }
  if (addresses.some(isPrivateAddress)) throw new PrivateWebhookTarget();
}

/**
 * Whether a sender without --allow-private-webhooks refuses this URL as private. A host that
 * does not resolve is not that: the send fails on DNS, whatever the flag.
 */
export async function refusedAsPrivate(url: string, env: Environment): Promise<boolean> {
  try {
    await checkTarget(false, url, env);
    return false;
  } catch (error) {
    if (error instanceof PrivateWebhookTarget) return true;
    if (error instanceof InvalidInput) return false;
    throw error;
  }
}

export async function addWebhookEndpoint(
  s: WebhookContext,
  input: { merchantId: number; environment: Environment; url: string; eventTypes: string[]; actor: string },
) {
  await checkTarget(s.config.webhooksAllowPrivate, input.url, input.environment);
  const types = parseEventTypes(input.eventTypes);
  if (!types)
    throw new InvalidInput(`event_types must be "*" or a list of: ${EVENT_TYPES.join(', ')}`, 'event_types');
  const { endpoint, secret } = createEndpoint(s.db, s.box, {
    ...input,
    url: normalizedUrl(input.url),
    eventTypes: types,
  });
  return { ...endpointView(endpoint), secret };
}

/** An operator's endpoint by its we_… id (console and CLI): any merchant's. */
export function endpointById(s: Pick<WebhookContext, 'db'>, id: string): WebhookEndpoint {
  const e = getEndpoint(s.db, parseEndpointId(id) ?? 0);
  if (!e) throw new NotFound(`no webhook endpoint ${id}`);
  return e;
}

/** The endpoint, when it belongs to this merchant (and environment, for API callers). */
export function ownedEndpoint(s: WebhookContext, id: number | null, merchantId: number, env?: Environment) {
  const e = id === null ? null : getEndpoint(s.db, id);
  if (!e || e.merchantId !== merchantId || (env && e.environment !== env))
    throw new NotFound('no such webhook endpoint');
  return e;
}

export function listWebhookEndpoints(s: WebhookContext, merchantId: number, env?: Environment) {
  return listEndpoints(s.db, merchantId, env).map(endpointView);
}

/** Enables, pauses or removes an endpoint; enabling wakes the sender for what waited meanwhile. */
export function setWebhookEndpointStatus(
  s: WebhookContext,
  e: WebhookEndpoint,
  status: 'enabled' | 'paused' | 'removed',
  actor: string,
) {
  const view = endpointView(setEndpointStatus(s.db, e.id, status, actor));
  if (status === 'enabled') s.webhooks.wake();
  return view;
}

export function rotateWebhookSecret(
  s: WebhookContext,
  e: WebhookEndpoint,
  overlapHours: number | undefined,
  actor: string,
) {
  const overlapMs = Math.round((overlapHours ?? DEFAULT_ROTATION_OVERLAP_HOURS) * 3_600_000);
  if (!Number.isInteger(overlapMs) || overlapMs < 0 || overlapMs > 7 * 86_400_000)
    throw new InvalidInput('overlap_hours must be a number of hours from 0 to 168 (7 days)', 'overlap_hours');
  const { endpoint, secret } = rotateEndpointSecret(s.db, s.box, e.id, overlapMs, s.now(), actor);
  return { ...endpointView(endpoint), secret };
}

export function replayWebhookDeliveries(
  s: WebhookContext,
  e: WebhookEndpoint,
  deliveryId: number | null,
  actor: string,
) {
  const replayed = replayFailed(s.db, e.id, deliveryId, s.now(), actor);
  s.webhooks.wake();
  return { replayed };
}

export async function sendTestWebhook(s: WebhookContext, e: WebhookEndpoint) {
  const r = await s.webhooks.sendTest(e.url, e.id, e.environment);
  return {
    delivered: r.status !== null && r.status >= 200 && r.status < 300,
    status_code: r.status,
    error: r.error,
    latency_ms: r.latencyMs,
  };
}
