import type { Db } from './db.js';
import { nowIso } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { recordAudit } from './audit.js';
import { camelRow, writtenRow, type RowOf } from './rows.js';

export type ConsoleRole = 'admin' | 'agent';

export interface ConsoleUser {
  id: number;
  merchantId: number;
  username: string;
  role: ConsoleRole;
  active: boolean;
  dailySalesLimitKobo: number | null;
  /** Environments the admin lets this user sell in, and the one a sign-in starts in. */
  environments: Environment[];
  startEnvironment: Environment;
  createdAt: string;
}

/** A user row with its password hash: only the login path reads it. */
export interface ConsoleUserWithHash extends ConsoleUser {
  passwordHash: string;
}

export interface ConsoleSession {
  idHash: string;
  user: ConsoleUser;
  csrfToken: string;
  environment: Environment;
  expiresAt: number;
}

/**
 * The environments are a comma-separated list in the row, the active flag 0 or 1. The sign-in
 * unlock stamp is the throttle's alone (console-user-access.ts), never part of a user record.
 */
type UserRow = RowOf<Omit<ConsoleUserWithHash, 'active' | 'environments'>> & {
  active: number;
  environments: string;
  sign_in_unlocked_at: number | null;
};

function toUser(r: UserRow): ConsoleUserWithHash {
  const { sign_in_unlocked_at: _unlocked, ...row } = r;
  return {
    ...camelRow(row),
    active: r.active === 1,
    environments: r.environments.split(',') as Environment[],
  };
}

function withoutHash(u: ConsoleUserWithHash): ConsoleUser {
  const { passwordHash: _hash, ...user } = u;
  return user;
}

export function countConsoleUsers(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM console_users').get() as { n: number }).n;
}

export interface NewConsoleUser {
  merchantId: number;
  username: string;
  role: ConsoleRole;
  passwordHash: string;
  dailySalesLimitKobo?: number | null;
  environments?: Environment[];
  startEnvironment?: Environment;
}

/** Stored as 'test', 'live' or 'test,live' (the column's CHECK allows only these). */
export const environmentsText = (envs: Environment[]): string =>
  (['test', 'live'] as const).filter((e) => envs.includes(e)).join(',');

function insertUser(db: Db, input: NewConsoleUser, actor: string): ConsoleUser {
  if (db.prepare('SELECT 1 FROM console_users WHERE username = ?').get(input.username)) {
    throw new Conflict(`the username ${input.username} is already taken`);
  }
  const merchant = db.prepare('SELECT code FROM merchants WHERE id = ?').get(input.merchantId) as
    { code: string } | undefined;
  if (!merchant) throw new NotFound('merchant not found');
  const id = Number(
    db
      .prepare(
        `INSERT INTO console_users (merchant_id, username, role, password_hash, daily_sales_limit_kobo,
           environments, start_environment, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.merchantId,
        input.username,
        input.role,
        input.passwordHash,
        input.dailySalesLimitKobo ?? null,
        environmentsText(input.environments ?? ['test', 'live']),
        input.startEnvironment ?? 'test',
        nowIso(db),
      ).lastInsertRowid,
  );
  recordAudit(db, actor, 'console_user.create', input.username, {
    role: input.role,
    // The code, as every other audit entry names a merchant (an id means nothing to a reader).
    merchant: merchant.code,
    environments: input.environments,
    start_environment: input.startEnvironment,
  });
  return writtenRow(getConsoleUserById(db, id), 'console user', input.username);
}

/** Creates a console user (admin action), audited. The password arrives already hashed. */
export function createConsoleUser(db: Db, input: NewConsoleUser, actor: string): ConsoleUser {
  return db.transaction(() => insertUser(db, input, actor)).immediate();
}

/**
 * First-run setup: creates the first admin only while there are no users at all. The check
 * and the insert share one immediate transaction, so two racing setup calls cannot both win.
 */
export function createFirstAdmin(db: Db, input: Omit<NewConsoleUser, 'role'>): ConsoleUser {
  return db
    .transaction(() => {
      if (countConsoleUsers(db) > 0) throw new Conflict('setup is already done; sign in instead');
      return insertUser(db, { ...input, role: 'admin' }, 'setup');
    })
    .immediate();
}

export function getConsoleUserById(db: Db, id: number): ConsoleUser | null {
  const r = db.prepare('SELECT * FROM console_users WHERE id = ?').get(id) as UserRow | undefined;
  return r ? withoutHash(toUser(r)) : null;
}

/** A user by name (without case, as sign-in finds it), without the password hash. */
export function getConsoleUserByName(db: Db, username: string): ConsoleUser | null {
  const r = db.prepare('SELECT * FROM console_users WHERE username = ?').get(username.trim()) as
    UserRow | undefined;
  return r ? withoutHash(toUser(r)) : null;
}

export function findConsoleUserForLogin(db: Db, username: string): ConsoleUserWithHash | null {
  const r = db.prepare('SELECT * FROM console_users WHERE username = ?').get(username) as UserRow | undefined;
  return r ? toUser(r) : null;
}

export function listConsoleUsers(db: Db): ConsoleUser[] {
  return (db.prepare('SELECT * FROM console_users ORDER BY id').all() as UserRow[]).map((r) =>
    withoutHash(toUser(r)),
  );
}

/** Usernames by id, for receipts and history rows that name the selling agent. */
export function consoleUsernames(db: Db, ids: number[]): Map<number, string> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = db
    .prepare(`SELECT id, username FROM console_users WHERE id IN (${unique.map(() => '?').join(',')})`)
    .all(...unique) as { id: number; username: string }[];
  return new Map(rows.map((r) => [r.id, r.username]));
}

export function createConsoleSession(
  db: Db,
  input: { idHash: string; userId: number; csrfToken: string; environment: Environment; expiresAt: number },
): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO console_sessions (id, user_id, csrf_token, environment, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(input.idHash, input.userId, input.csrfToken, input.environment, input.expiresAt, nowIso(db));
    // Housekeeping on each login keeps the table small without a schedule of its own.
    db.prepare('DELETE FROM console_sessions WHERE expires_at <= ?').run(Date.now());
  }).immediate();
}

/** The live session for a token hash, with its (active) user; null when expired or unknown. */
export function findConsoleSession(db: Db, idHash: string, nowMs: number): ConsoleSession | null {
  const r = db
    .prepare(
      `SELECT s.id AS session_id, s.csrf_token, s.environment, s.expires_at, u.*
       FROM console_sessions s JOIN console_users u ON u.id = s.user_id
       WHERE s.id = ? AND s.expires_at > ? AND u.active = 1`,
    )
    .get(idHash, nowMs) as
    | (UserRow & { session_id: string; csrf_token: string; environment: Environment; expires_at: number })
    | undefined;
  if (!r) return null;
  const { session_id, csrf_token, environment, expires_at, ...user } = r;
  return {
    idHash: session_id,
    user: withoutHash(toUser(user)),
    csrfToken: csrf_token,
    environment,
    expiresAt: expires_at,
  };
}

export function deleteConsoleSession(db: Db, idHash: string): void {
  db.prepare('DELETE FROM console_sessions WHERE id = ?').run(idHash);
}

export function setSessionEnvironment(db: Db, idHash: string, environment: Environment): void {
  db.prepare('UPDATE console_sessions SET environment = ? WHERE id = ?').run(environment, idHash);
}
