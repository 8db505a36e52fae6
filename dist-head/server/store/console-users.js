import { nowIso } from './db.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { recordAudit } from './audit.js';
function toUser(r) {
    return {
        id: r.id,
        merchantId: r.merchant_id,
        username: r.username,
        role: r.role,
        active: r.active === 1,
        dailySalesLimitKobo: r.daily_sales_limit_kobo,
        createdAt: r.created_at,
        passwordHash: r.password_hash,
    };
}
function withoutHash(u) {
    const { passwordHash: _hash, ...user } = u;
    return user;
}
export function countConsoleUsers(db) {
    return db.prepare('SELECT COUNT(*) AS n FROM console_users').get().n;
}
function insertUser(db, input, actor) {
    if (db.prepare('SELECT 1 FROM console_users WHERE username = ?').get(input.username)) {
        throw new Conflict(`the username ${input.username} is already taken`);
    }
    if (!db.prepare('SELECT 1 FROM merchants WHERE id = ?').get(input.merchantId)) {
        throw new NotFound('merchant not found');
    }
    const id = Number(db
        .prepare(`INSERT INTO console_users (merchant_id, username, role, password_hash, daily_sales_limit_kobo, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`)
        .run(input.merchantId, input.username, input.role, input.passwordHash, input.dailySalesLimitKobo ?? null, nowIso()).lastInsertRowid);
    recordAudit(db, actor, 'console_user.create', input.username, {
        role: input.role,
        merchant_id: input.merchantId,
    });
    return getConsoleUserById(db, id);
}
/** Creates a console user (admin action), audited. The password arrives already hashed. */
export function createConsoleUser(db, input, actor) {
    return db.transaction(() => insertUser(db, input, actor)).immediate();
}
/**
 * First-run setup: creates the first admin only while there are no users at all. The check
 * and the insert share one immediate transaction, so two racing setup calls cannot both win.
 */
export function createFirstAdmin(db, input) {
    return db
        .transaction(() => {
        if (countConsoleUsers(db) > 0)
            throw new Conflict('setup is already done; sign in instead');
        return insertUser(db, { ...input, role: 'admin' }, 'setup');
    })
        .immediate();
}
export function getConsoleUserById(db, id) {
    const r = db.prepare('SELECT * FROM console_users WHERE id = ?').get(id);
    return r ? withoutHash(toUser(r)) : null;
}
export function findConsoleUserForLogin(db, username) {
    const r = db.prepare('SELECT * FROM console_users WHERE username = ?').get(username);
    return r ? toUser(r) : null;
}
export function listConsoleUsers(db) {
    return db.prepare('SELECT * FROM console_users ORDER BY id').all().map((r) => withoutHash(toUser(r)));
}
/** Usernames by id, for receipts and history rows that name the selling agent. */
export function consoleUsernames(db, ids) {
    const unique = [...new Set(ids)];
    if (!unique.length)
        return new Map();
    const rows = db
        .prepare(`SELECT id, username FROM console_users WHERE id IN (${unique.map(() => '?').join(',')})`)
        .all(...unique);
    return new Map(rows.map((r) => [r.id, r.username]));
}
export function createConsoleSession(db, input) {
    db.transaction(() => {
        db.prepare(`INSERT INTO console_sessions (id, user_id, csrf_token, environment, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`).run(input.idHash, input.userId, input.csrfToken, input.environment, input.expiresAt, nowIso());
        // Housekeeping on each login keeps the table small without a schedule of its own.
        db.prepare('DELETE FROM console_sessions WHERE expires_at <= ?').run(Date.now());
    }).immediate();
}
/** The live session for a token hash, with its (active) user; null when expired or unknown. */
export function findConsoleSession(db, idHash, nowMs) {
    const r = db
        .prepare(`SELECT s.id AS session_id, s.csrf_token, s.environment, s.expires_at, u.*
       FROM console_sessions s JOIN console_users u ON u.id = s.user_id
       WHERE s.id = ? AND s.expires_at > ? AND u.active = 1`)
        .get(idHash, nowMs);
    if (!r)
        return null;
    return {
        idHash: r.session_id,
        user: withoutHash(toUser(r)),
        csrfToken: r.csrf_token,
        environment: r.environment,
        expiresAt: r.expires_at,
    };
}
export function deleteConsoleSession(db, idHash) {
    db.prepare('DELETE FROM console_sessions WHERE id = ?').run(idHash);
}
export function setSessionEnvironment(db, idHash, environment) {
    db.prepare('UPDATE console_sessions SET environment = ? WHERE id = ?').run(environment, idHash);
}
//# sourceMappingURL=console-users.js.map