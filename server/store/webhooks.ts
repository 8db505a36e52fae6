import { randomBytes } from 'node:crypto';
import { nowIso, prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import type { SecretBox } from './secret-box.js';
import { recordAudit } from './audit.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { WebhookUrlTaken } from '../domain/webhook-errors.js';

/**
 * Webhook endpoints: where a merchant's events go, and the secrets that sign them. What is sent
 * to them (the outbox of deliveries) is webhook-deliveries.ts.
 */

export type EndpointStatus = 'enabled' | 'paused' | 'removed';

export interface WebhookEndpoint {
  id: number;
  merchantId: number;
  environment: Environment;
  url: string;
  eventTypes: string[];
  status: EndpointStatus;
  /** Set while rotated-out secrets still sign (epoch ms): when they all stop. */
  oldSecretUntil: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A webhook_endpoints row as stored (the fan-out reads some of its columns). */
export interface EndpointRow {
  id: number;
  merchant_id: number;
  environment: Environment;
  url: string;
  event_types: string;
  status: EndpointStatus;
  secret_sealed: string;
  old_secret_sealed: string | null;
  old_secret_until: number | null;
  first_event_id: number;
  created_at: string;
  updated_at: string;
}

export const publicEndpointId = (id: number) => `we_${id}`;

/** "we_12" or "12" to 12; anything else to null. */
export function parseEndpointId(text: string): number | null {
  const m = /^(?:we_)?([1-9]\d{0,15})$/.exec(text);
  return m ? Number(m[1]) : null;
}

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  merchantId: r.merchant_id,
  environment: r.environment,
  url: r.url,
  eventTypes: JSON.parse(r.event_types),
  status: r.status,
  oldSecretUntil: r.old_secret_until,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Endpoints per merchant and environment: each one multiplies every event into a delivery. */
export const MAX_ENDPOINTS_PER_ENVIRONMENT = 10;

/** Creates an endpoint; its secret is returned here once and stored only sealed. */
export function createEndpoint(
  db: Db,
  box: SecretBox,
  input: { merchantId: number; environment: Environment; url: string; eventTypes: string[]; actor: string },
): { endpoint: WebhookEndpoint; secret: string } {
  const secret = newSecret();
  const now = nowIso(db);
  return db
    .transaction(() => {
      const existing = listEndpoints(db, input.merchantId, input.environment);
      const same = existing.find((e) => e.url === input.url);
      if (same) throw new WebhookUrlTaken(publicEndpointId(same.id), input.environment, input.url);
      if (existing.length >= MAX_ENDPOINTS_PER_ENVIRONMENT)
        throw new Conflict(
          `a merchant has at most ${MAX_ENDPOINTS_PER_ENVIRONMENT} ${input.environment} webhook endpoints: remove one first`,
        );
      // Only events recorded after its creation go to a new endpoint; the feed has the older ones.
      const last = (prep(db, 'SELECT COALESCE(MAX(id), 0) AS id FROM events').get() as { id: number }).id;
      const row = prep(
        db,
        `INSERT INTO webhook_endpoints (merchant_id, environment, url, event_types, secret_sealed, first_event_id,
             created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      ).get(
        input.merchantId,
        input.environment,
        input.url,
        JSON.stringify(input.eventTypes),
        box.seal(secret),
        last,
        now,
        now,
      ) as EndpointRow;
      recordAudit(db, input.actor, 'webhook.add', publicEndpointId(row.id), {
        environment: input.environment,
        url: input.url,
        event_types: input.eventTypes,
      });
      return { endpoint: toEndpoint(row), secret };
    })
    .immediate();
}

export function getEndpoint(db: Db, id: number): WebhookEndpoint | null {
  const r = prep(db, `SELECT * FROM webhook_endpoints WHERE id = ? AND status <> 'removed'`).get(id) as
    EndpointRow | undefined;
  return r ? toEndpoint(r) : null;
}

export function listEndpoints(db: Db, merchantId: number, env?: Environment): WebhookEndpoint[] {
  const rows = env
    ? prep(
        db,
        `SELECT * FROM webhook_endpoints WHERE merchant_id = ? AND environment = ? AND status <> 'removed' ORDER BY id`,
      ).all(merchantId, env)
    : prep(
        db,
        `SELECT * FROM webhook_endpoints WHERE merchant_id = ? AND status <> 'removed' ORDER BY id`,
      ).all(merchantId);
  return (rows as EndpointRow[]).map(toEndpoint);
}

/** Pause, resume or remove. A paused endpoint's deliveries wait and go out on resume. */
export function setEndpointStatus(
  db: Db,
  id: number,
  status: EndpointStatus,
  actor: string,
): WebhookEndpoint {
  return db
    .transaction(() => {
      const changed = prep(
        db,
        `UPDATE webhook_endpoints SET status = ?, updated_at = ? WHERE id = ? AND status <> 'removed'`,
      ).run(status, nowIso(db), id).changes;
      if (changed === 0) throw new NotFound(`no webhook endpoint ${publicEndpointId(id)}`);
      if (status === 'removed') {
        // A removed endpoint receives nothing more; what was still queued for it is dropped.
        prep(
          db,
          `UPDATE webhook_deliveries SET state = 'failed', last_error = 'endpoint removed', updated_at = ?
             WHERE endpoint_id = ? AND state = 'pending'`,
        ).run(nowIso(db), id);
      }
      recordAudit(db, actor, `webhook.${status}`, publicEndpointId(id), {});
      return toEndpoint(prep(db, 'SELECT * FROM webhook_endpoints WHERE id = ?').get(id) as EndpointRow);
    })
    .immediate();
}

/**
 * Secrets rotated out that may still sign beside the current one: a header carries at most
 * four v1 values, however often an endpoint is rotated inside its overlap window.
 */
export const MAX_ROTATED_OUT_SECRETS = 3;

/**
 * The rotated-out secrets still signing at `nowMs`, newest first. They share one window end
 * (old_secret_until) and are sealed together, separated by spaces (whsec_ secrets have none),
 * so the single secret an earlier rotation stored reads as a list of one.
 */
function openOldSecrets(
  box: Pick<SecretBox, 'open'>,
  r: Pick<EndpointRow, 'old_secret_sealed' | 'old_secret_until'>,
  nowMs: number,
): string[] {
  if (!r.old_secret_sealed || (r.old_secret_until ?? 0) <= nowMs) return [];
  return box.open(r.old_secret_sealed).split(' ');
}

/**
 * A new secret; the one it replaces keeps signing (another v1) until the overlap ends. A
 * rotation inside an earlier one's window keeps that window's promise: the secrets still
 * signing go on signing beside the new ones, all until the later of the two ends. An overlap
 * of 0 leaves the new secret alone signing at once (what a leaked secret needs).
 */
export function rotateEndpointSecret(
  db: Db,
  box: SecretBox,
  id: number,
  overlapMs: number,
  nowMs: number,
  actor: string,
): { endpoint: WebhookEndpoint; secret: string } {
  const secret = newSecret();
  return db
    .transaction(() => {
      const r = prep(db, `SELECT * FROM webhook_endpoints WHERE id = ? AND status <> 'removed'`).get(id) as
        EndpointRow | undefined;
      if (!r) throw new NotFound(`no webhook endpoint ${publicEndpointId(id)}`);
      const stillSigning = openOldSecrets(box, r, nowMs);
      if (overlapMs > 0 && stillSigning.length >= MAX_ROTATED_OUT_SECRETS)
        throw new Conflict(
          `${publicEndpointId(id)} already has ${MAX_ROTATED_OUT_SECRETS} rotated-out secrets signing beside its current one until ${new Date(r.old_secret_until!).toISOString()}: rotate again after then, or now with an overlap of 0 hours to stop them all at once`,
        );
      const old = overlapMs > 0 ? [box.open(r.secret_sealed), ...stillSigning] : [];
      const until = stillSigning.length
        ? Math.max(nowMs + overlapMs, r.old_secret_until!)
        : nowMs + overlapMs;
      const row = prep(
        db,
        `UPDATE webhook_endpoints SET secret_sealed = ?, old_secret_sealed = ?, old_secret_until = ?, updated_at = ?
           WHERE id = ? RETURNING *`,
      ).get(
        box.seal(secret),
        old.length ? box.seal(old.join(' ')) : null,
        old.length ? until : null,
        nowIso(db),
        id,
      ) as EndpointRow;
      recordAudit(db, actor, 'webhook.rotate', publicEndpointId(id), {
        overlap_ms: overlapMs,
        rotated_out_signing: old.length,
      });
      return { endpoint: toEndpoint(row), secret };
    })
    .immediate();
}

/** The secrets that sign right now: the current one, then those rotated out during their overlap. */
export function signingSecrets(db: Db, box: Pick<SecretBox, 'open'>, id: number, nowMs: number): string[] {
  const r = prep(
    db,
    'SELECT secret_sealed, old_secret_sealed, old_secret_until FROM webhook_endpoints WHERE id = ?',
  ).get(id) as Pick<EndpointRow, 'secret_sealed' | 'old_secret_sealed' | 'old_secret_until'> | undefined;
  if (!r) return [];
  return [box.open(r.secret_sealed), ...openOldSecrets(box, r, nowMs)];
}

/** Whether any endpoint would take deliveries (the node then starts its sending thread early). */
export function hasEnabledEndpoint(db: Db): boolean {
  return prep(db, `SELECT 1 FROM webhook_endpoints WHERE status = 'enabled' LIMIT 1`).get() !== undefined;
}
