import { prep } from './db.js';
import { randomUUID } from 'node:crypto';
import { nowIso } from './db.js';
import { hashSecret, newKeyId, newSecret } from './credentials-crypto.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { recordAudit } from './audit.js';
let writes = 0;
/** Counts merchant/credential writes made by this process, so caches know when to drop. */
export const merchantsWriteCount = () => writes;
function toMerchant(r) {
    return {
        id: r.id,
        code: r.code,
        name: r.name,
        status: r.status,
        allowIps: JSON.parse(r.allow_ips),
        liveBills: JSON.parse(r.live_bills),
        reportEmails: JSON.parse(r.report_emails),
        reportTest: r.report_test === 1,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
    };
}
/** The merchant as the CLI and console print it. */
export function merchantJson(m) {
    return {
        merchant_code: m.code,
        merchant_id: m.id,
        name: m.name,
        status: m.status,
        allow_ips: m.allowIps,
        live_bills: m.liveBills,
        report_emails: m.reportEmails,
        report_test: m.reportTest,
        created_at: m.createdAt,
        updated_at: m.updatedAt,
    };
}
function issuePair(db, merchantId, env) {
    const key = newKeyId(env);
    const secret = newSecret(env);
    prep(db, `INSERT INTO credentials (merchant_id, environment, key_id, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)`).run(merchantId, env, key, hashSecret(secret), nowIso());
    return { key, secret };
}
/** New merchant with its two wallets and a test and a live credential pair. */
export function createMerchant(db, input, actor) {
    return db
        .transaction(() => {
        if (prep(db, 'SELECT 1 FROM merchants WHERE code = ?').get(input.code)) {
            throw new Conflict(`merchant ${input.code} already exists`);
        }
        const now = nowIso();
        const id = Number(prep(db, 'INSERT INTO merchants (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(input.code, input.name, now, now).lastInsertRowid);
        for (const env of ['test', 'live']) {
            prep(db, 'INSERT INTO wallets (merchant_id, environment, updated_at) VALUES (?, ?, ?)').run(id, env, now);
        }
        const test = issuePair(db, id, 'test');
        const live = issuePair(db, id, 'live');
        recordAudit(db, actor, 'merchant.create', input.code, { name: input.name });
        writes++;
        return { merchant: getMerchantById(db, id), test, live };
    })
        .immediate();
}
export function getMerchantByCode(db, code) {
    const r = prep(db, 'SELECT * FROM merchants WHERE code = ?').get(code);
    return r ? toMerchant(r) : null;
}
export function getMerchantById(db, id) {
    const r = prep(db, 'SELECT * FROM merchants WHERE id = ?').get(id);
    return r ? toMerchant(r) : null;
}
export function requireMerchant(db, code) {
    const m = getMerchantByCode(db, code);
    if (!m)
        throw new NotFound(`merchant ${code} not found`);
    return m;
}
export function listMerchants(db) {
    return prep(db, 'SELECT * FROM merchants ORDER BY id').all().map(toMerchant);
}
export function updateMerchant(db, code, patch, actor) {
    return db
        .transaction(() => {
        const m = requireMerchant(db, code);
        const next = { ...m, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
        prep(db, `UPDATE merchants SET name = ?, status = ?, allow_ips = ?, live_bills = ?, report_emails = ?,
           report_test = ?, updated_at = ? WHERE id = ?`).run(next.name, next.status, JSON.stringify(next.allowIps), JSON.stringify(next.liveBills), JSON.stringify(next.reportEmails), next.reportTest ? 1 : 0, nowIso(), m.id);
        recordAudit(db, actor, 'merchant.update', code, patch);
        writes++;
        return getMerchantById(db, m.id);
    })
        .immediate();
}
/** Issues a new pair for one environment and revokes the old one in the same transaction. */
export function rotateCredentials(db, code, env, actor) {
    return db
        .transaction(() => {
        const m = requireMerchant(db, code);
        prep(db, `UPDATE credentials SET status = 'revoked', revoked_at = ? WHERE merchant_id = ? AND environment = ? AND status = 'active'`).run(nowIso(), m.id, env);
        const pair = issuePair(db, m.id, env);
        recordAudit(db, actor, 'credentials.rotate', code, { environment: env, key: pair.key });
        writes++;
        return pair;
    })
        .immediate();
}
export function revokeCredentials(db, code, env, actor) {
    db.transaction(() => {
        const m = requireMerchant(db, code);
        prep(db, `UPDATE credentials SET status = 'revoked', revoked_at = ? WHERE merchant_id = ? AND environment = ? AND status = 'active'`).run(nowIso(), m.id, env);
        recordAudit(db, actor, 'credentials.revoke', code, { environment: env });
        writes++;
    }).immediate();
}
export function findActiveCredential(db, keyId) {
    const r = prep(db, `SELECT merchant_id, environment, key_id, secret_hash FROM credentials WHERE key_id = ? AND status = 'active'`).get(keyId);
    return r
        ? { merchantId: r.merchant_id, environment: r.environment, keyId: r.key_id, secretHash: r.secret_hash }
        : null;
}
export function listCredentials(db, merchantId) {
    return prep(db, `SELECT environment, key_id AS key, status, created_at, revoked_at FROM credentials WHERE merchant_id = ? ORDER BY id`).all(merchantId);
}
export const newInternalReference = () => randomUUID();
//# sourceMappingURL=merchants.js.map