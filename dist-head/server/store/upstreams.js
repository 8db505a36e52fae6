import { prep } from './db.js';
import { nowIso } from './db.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
import { recordAudit } from './audit.js';
/** Products a route can name; airtime/data per telco, bills per platform, gift cards and eSIM. */
export const ROUTABLE_PRODUCTS = [
    'airtime',
    'data',
    'ELECTRICITY',
    'CABLE',
    'BETTING',
    'giftcard',
    'esim',
];
const toUpstream = (r) => ({
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
export function upstreamJson(u, routes = []) {
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
/** Parses "airtime,data:MTN,ELECTRICITY" into product/network pairs. */
export function parseRouteList(list) {
    return list.map((item) => {
        const [product, network = ''] = item.split(':');
        if (!ROUTABLE_PRODUCTS.includes(product)) {
            throw new InvalidInput(`unknown product "${product}" in routes; use ${ROUTABLE_PRODUCTS.join(', ')}`, 'products');
        }
        return { product, network: network.trim() };
    });
}
function validateUpstream(input) {
    if (!/^[A-Za-z0-9_.-]{1,40}$/.test(input.name))
        throw new InvalidInput('upstream name: 1-40 letters, digits, _ . -', 'name');
    if (input.type === 'vending-api') {
        let url;
        try {
            url = new URL(input.baseUrl ?? '');
        }
        catch {
            throw new InvalidInput('base URL must be an absolute http(s) URL', 'base_url');
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            throw new InvalidInput('base URL must be http or https', 'base_url');
        if (!input.merchantCode || !input.keyId || !input.secret) {
            throw new InvalidInput('vending-api upstreams need a merchant code, key and secret', 'key');
        }
    }
}
export function addUpstream(db, box, input, actor) {
    validateUpstream(input);
    const routes = parseRouteList(input.products ?? []);
    return db
        .transaction(() => {
        if (prep(db, 'SELECT 1 FROM upstreams WHERE name = ?').get(input.name))
            throw new Conflict(`upstream ${input.name} already exists`);
        const now = nowIso();
        const id = Number(prep(db, `INSERT INTO upstreams (name, type, base_url, merchant_code, key_id, secret_sealed, options, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(input.name, input.type, input.baseUrl ?? null, input.merchantCode ?? null, input.keyId ?? null, input.secret ? box.seal(input.secret) : null, JSON.stringify(input.options ?? {}), now, now).lastInsertRowid);
        for (const r of routes)
            addRoute(db, r.product, r.network, id);
        recordAudit(db, actor, 'upstream.add', input.name, {
            type: input.type,
            base_url: input.baseUrl,
            routes,
        });
        return getUpstream(db, id);
    })
        .immediate();
}
export function updateUpstream(db, box, name, patch, actor) {
    return db
        .transaction(() => {
        const u = getUpstreamByName(db, name);
        if (!u)
            throw new NotFound(`upstream ${name} not found`);
        const next = {
            name,
            type: u.type,
            baseUrl: patch.baseUrl ?? u.baseUrl,
            merchantCode: patch.merchantCode ?? u.merchantCode,
            keyId: patch.keyId ?? u.keyId,
            secret: patch.secret ?? (u.secretSealed ? 'kept' : null),
        };
        validateUpstream(next);
        prep(db, `UPDATE upstreams SET base_url = ?, merchant_code = ?, key_id = ?, secret_sealed = ?, options = ?, enabled = ?, updated_at = ? WHERE id = ?`).run(next.baseUrl, next.merchantCode, next.keyId, patch.secret ? box.seal(patch.secret) : u.secretSealed, JSON.stringify(patch.options ?? u.options), (patch.enabled ?? u.enabled) ? 1 : 0, nowIso(), u.id);
        if (patch.products) {
            prep(db, 'DELETE FROM routes WHERE upstream_id = ?').run(u.id);
            for (const r of parseRouteList(patch.products))
                addRoute(db, r.product, r.network, u.id);
        }
        recordAudit(db, actor, 'upstream.update', name, {
            ...patch,
            secret: patch.secret ? '(changed)' : undefined,
        });
        return getUpstream(db, u.id);
    })
        .immediate();
}
function addRoute(db, product, network, upstreamId) {
    const next = prep(db, 'SELECT COALESCE(MAX(priority), -1) + 1 AS p FROM routes WHERE product = ? AND network = ?').get(product, network);
    prep(db, 'INSERT OR IGNORE INTO routes (product, network, upstream_id, priority) VALUES (?, ?, ?, ?)').run(product, network, upstreamId, next.p);
}
export function setRoutePriority(db, routeId, priority, actor) {
    prep(db, 'UPDATE routes SET priority = ? WHERE id = ?').run(priority, routeId);
    recordAudit(db, actor, 'route.priority', String(routeId), { priority });
}
export function getUpstream(db, id) {
    const r = prep(db, 'SELECT * FROM upstreams WHERE id = ?').get(id);
    return r ? toUpstream(r) : null;
}
export function getUpstreamByName(db, name) {
    const r = prep(db, 'SELECT * FROM upstreams WHERE name = ?').get(name);
    return r ? toUpstream(r) : null;
}
export function listUpstreams(db) {
    return prep(db, 'SELECT * FROM upstreams ORDER BY id').all().map(toUpstream);
}
export function listRoutes(db) {
    return prep(db, `SELECT r.id, r.product, r.network, r.upstream_id, u.name AS upstream_name, r.priority
         FROM routes r JOIN upstreams u ON u.id = r.upstream_id ORDER BY r.product, r.network, r.priority`).all().map((r) => ({
        id: r.id,
        product: r.product,
        network: r.network,
        upstreamId: r.upstream_id,
        upstreamName: r.upstream_name,
        priority: r.priority,
    }));
}
//# sourceMappingURL=upstreams.js.map