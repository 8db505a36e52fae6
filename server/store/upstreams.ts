import { noteChange } from './change-counter.js';
import { prep } from './db.js';
import type { Db } from './db.js';
import { nowIso } from './db.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
import { SOLD_PRODUCTS, productNetwork } from '../domain/networks.js';
import { recordAudit } from './audit.js';
import type { SecretBox } from './secret-box.js';
import { writtenRow } from './rows.js';
import { noteUpstreamAccount } from './upstream-accounts.js';
import { UPSTREAM_LIMITS } from '../../common/input-limits.js';

/** An upstream's name: what the console's schema and the CLI's --name limit too (common/input-limits.ts). */
const UPSTREAM_NAME = new RegExp(`^[A-Za-z0-9_.-]{1,${UPSTREAM_LIMITS.name}}$`);

export type UpstreamType = 'simulator' | 'vending-api';

export interface UpstreamRecord {
  id: number;
  name: string;
  type: UpstreamType;
  baseUrl: string | null;
  merchantCode: string | null;
  keyId: string | null;
  secretSealed: string | null;
  options: Record<string, unknown>;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface RouteRecord {
  id: number;
  product: string;
  network: string;
  upstreamId: number;
  upstreamName: string;
  priority: number;
}

/** Products a route can name; airtime/data per telco, bills per platform, gift cards and eSIM. */
export const ROUTABLE_PRODUCTS = SOLD_PRODUCTS;

interface UpstreamRow {
  id: number;
  name: string;
  type: UpstreamType;
  base_url: string | null;
  merchant_code: string | null;
  key_id: string | null;
  secret_sealed: string | null;
  options: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

const toUpstream = (r: UpstreamRow): UpstreamRecord => ({
  id: r.id,
  name: r.name,
  type: r.type,
  baseUrl: r.base_url,
  merchantCode: r.merchant_code,
  keyId: r.key_id,
  secretSealed: r.secret_sealed,
  options: JSON.parse(r.options),
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** How an upstream is shown anywhere outside the store: never its secret. */
export function upstreamJson(u: UpstreamRecord, routes: RouteRecord[] = []) {
  return {
    id: u.id,
    name: u.name,
    type: u.type,
    base_url: u.baseUrl,
    merchant_code: u.merchantCode,
    key: u.keyId,
    has_secret: Boolean(u.secretSealed),
    options: u.options,
    enabled: u.enabled,
    routes: routes
      .filter((r) => r.upstreamId === u.id)
      .map((r) => ({ product: r.product, network: r.network, priority: r.priority })),
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}

export interface UpstreamInput {
  name: string;
  type: UpstreamType;
  baseUrl?: string | null;
  merchantCode?: string | null;
  keyId?: string | null;
  secret?: string | null;
  options?: Record<string, unknown>;
  products?: string[];
}

/**
 * Parses "airtime,data:MTN,ELECTRICITY" into product/network pairs. The product is matched
 * whatever its case ("electricity:EKEDC" is ELECTRICITY's), since the codes themselves mix cases.
 */
export function parseRouteList(list: string[]): { product: string; network: string }[] {
  return list.map((item) => {
    const [typed, network = ''] = item.split(':');
    const product = ROUTABLE_PRODUCTS.find((p) => p.toLowerCase() === typed.trim().toLowerCase());
    if (!product) {
      throw new InvalidInput(
        `unknown product "${typed.trim()}" in routes; use ${ROUTABLE_PRODUCTS.join(', ')}`,
        'products',
      );
    }
    return { product, network: productNetwork(product, network) };
  });
}

function validateUpstream(input: UpstreamInput): void {
  if (!UPSTREAM_NAME.test(input.name))
    throw new InvalidInput(`upstream name: 1-${UPSTREAM_LIMITS.name} letters, digits, _ . -`, 'name');
  if (input.type === 'vending-api') {
    let url: URL;
    try {
      url = new URL(input.baseUrl ?? '');
    } catch {
      throw new InvalidInput('base URL must be an absolute http(s) URL', 'base_url');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new InvalidInput('base URL must be http or https', 'base_url');
    // A password in the URL would be stored and listed in clear; the key and secret authenticate.
    if (url.username || url.password)
      throw new InvalidInput(
        'base URL must not carry a user name or password (the key and secret authenticate)',
        'base_url',
      );
    if (!input.merchantCode || !input.keyId || !input.secret) {
      throw new InvalidInput('vending-api upstreams need a merchant code, key and secret', 'key');
    }
  }
}

export function addUpstream(db: Db, box: SecretBox, input: UpstreamInput, actor: string): UpstreamRecord {
  validateUpstream(input);
  const routes = parseRouteList(input.products ?? []);
  return db
    .transaction(() => {
      if (prep(db, 'SELECT 1 FROM upstreams WHERE name = ?').get(input.name))
        throw new Conflict(`upstream ${input.name} already exists`);
      const now = nowIso(db);
      const id = Number(
        prep(
          db,
          `INSERT INTO upstreams (name, type, base_url, merchant_code, key_id, secret_sealed, options, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          input.name,
          input.type,
          input.baseUrl ?? null,
          input.merchantCode ?? null,
          input.keyId ?? null,
          input.secret ? box.seal(input.secret) : null,
          JSON.stringify(input.options ?? {}),
          now,
          now,
        ).lastInsertRowid,
      );
      for (const r of routes) addRoute(db, r.product, r.network, id);
      noteUpstreamAccount(db, {
        name: input.name,
        baseUrl: input.baseUrl ?? null,
        merchantCode: input.merchantCode ?? null,
      });
      noteChange(db, 'upstreams');
      recordAudit(db, actor, 'upstream.add', input.name, {
        type: input.type,
        base_url: input.baseUrl,
        routes,
      });
      return writtenRow(getUpstream(db, id), 'upstream', input.name);
    })
    .immediate();
}

export function updateUpstream(
  db: Db,
  box: SecretBox,
  name: string,
  patch: Partial<Omit<UpstreamInput, 'name' | 'type'>> & { enabled?: boolean },
  actor: string,
): UpstreamRecord {
  return db
    .transaction(() => {
      const u = getUpstreamByName(db, name);
      if (!u) throw new NotFound(`upstream ${name} not found`);
      const next = {
        name,
        type: u.type,
        baseUrl: patch.baseUrl ?? u.baseUrl,
        merchantCode: patch.merchantCode ?? u.merchantCode,
        keyId: patch.keyId ?? u.keyId,
        secret: patch.secret ?? (u.secretSealed ? 'kept' : null),
      };
      validateUpstream(next);
      // The secret was entered for one provider: sending it to another host needs it typed again.
      if (u.secretSealed && !patch.secret && originChanged(u.baseUrl, next.baseUrl)) {
        throw new InvalidInput(
          'the base URL now points at another origin (scheme, host or port): enter the secret again to send it there',
          'secret',
        );
      }
      prep(
        db,
        `UPDATE upstreams SET base_url = ?, merchant_code = ?, key_id = ?, secret_sealed = ?, options = ?, enabled = ?, updated_at = ? WHERE id = ?`,
      ).run(
        next.baseUrl,
        next.merchantCode,
        next.keyId,
        patch.secret ? box.seal(patch.secret) : u.secretSealed,
        JSON.stringify(patch.options ?? u.options),
        (patch.enabled ?? u.enabled) ? 1 : 0,
        nowIso(db),
        u.id,
      );
      // The account it leaves too: sales sent there may be named later (upstream-accounts.ts).
      noteUpstreamAccount(db, u);
      noteUpstreamAccount(db, next);
      const routes = patch.products ? parseRouteList(patch.products) : undefined;
      if (routes) {
        prep(db, 'DELETE FROM routes WHERE upstream_id = ?').run(u.id);
        for (const r of routes) addRoute(db, r.product, r.network, u.id);
      }
      noteChange(db, 'upstreams');
      // Routes as upstream.add records them, so the audit log reads both alike.
      recordAudit(db, actor, 'upstream.update', name, {
        ...patch,
        products: undefined,
        routes,
        secret: patch.secret ? '(changed)' : undefined,
      });
      return writtenRow(getUpstream(db, u.id), 'upstream', name);
    })
    .immediate();
}

/** Scheme, host and port differ (a path change on the same server keeps the secret). */
function originChanged(before: string | null, after: string | null): boolean {
  if (before === after) return false;
  try {
    return new URL(before ?? '').origin !== new URL(after ?? '').origin;
  } catch {
    return true;
  }
}

function addRoute(db: Db, product: string, network: string, upstreamId: number): void {
  const next = prep(
    db,
    'SELECT COALESCE(MAX(priority), -1) + 1 AS p FROM routes WHERE product = ? AND network = ?',
  ).get(product, network) as { p: number };
  prep(db, 'INSERT OR IGNORE INTO routes (product, network, upstream_id, priority) VALUES (?, ?, ?, ?)').run(
    product,
    network,
    upstreamId,
    next.p,
  );
}

export function setRoutePriority(db: Db, routeId: number, priority: number, actor: string): void {
  prep(db, 'UPDATE routes SET priority = ? WHERE id = ?').run(priority, routeId);
  noteChange(db, 'upstreams');
  recordAudit(db, actor, 'route.priority', String(routeId), { priority });
}

export function getUpstream(db: Db, id: number): UpstreamRecord | null {
  const r = prep(db, 'SELECT * FROM upstreams WHERE id = ?').get(id) as UpstreamRow | undefined;
  return r ? toUpstream(r) : null;
}

export function getUpstreamByName(db: Db, name: string): UpstreamRecord | null {
  const r = prep(db, 'SELECT * FROM upstreams WHERE name = ?').get(name) as UpstreamRow | undefined;
  return r ? toUpstream(r) : null;
}

export function listUpstreams(db: Db): UpstreamRecord[] {
  return (prep(db, 'SELECT * FROM upstreams ORDER BY id').all() as UpstreamRow[]).map(toUpstream);
}

export function listRoutes(db: Db): RouteRecord[] {
  return (
    prep(
      db,
      `SELECT r.id, r.product, r.network, r.upstream_id, u.name AS upstream_name, r.priority
         FROM routes r JOIN upstreams u ON u.id = r.upstream_id ORDER BY r.product, r.network, r.priority`,
    ).all() as {
      id: number;
      product: string;
      network: string;
      upstream_id: number;
      upstream_name: string;
      priority: number;
    }[]
  ).map((r) => ({
    id: r.id,
    product: r.product,
    network: r.network,
    upstreamId: r.upstream_id,
    upstreamName: r.upstream_name,
    priority: r.priority,
  }));
}
