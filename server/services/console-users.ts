import type { Db } from '../store/db.js';
import {
  createConsoleUser,
  getConsoleUserByName,
  type ConsoleRole,
  type ConsoleUser,
} from '../store/console-users.js';
import { updateConsoleUser } from '../store/admin-users.js';
import { openSessionCount, unlockConsoleSignIn } from '../store/console-user-access.js';
import { getMerchantById, requireMerchant } from '../store/merchants.js';
import { hashPassword, parseNewPassword, parseUsername } from './console-auth.js';
import { parseUserEnvironments } from './console-environments.js';
import { parseNaira } from '../domain/money.js';
import { NotFound } from '../domain/errors.js';
import { koboToApiNaira } from '../../common/money.js';

/**
 * Console users as the console's Users page and the CLI's `user` commands change them: one
 * function per action, so the two edges apply one rule to one input. Passwords arrive in clear
 * and leave this file only as scrypt hashes; no answer here holds one.
 */

/** A console user as the Users pages and `user list` show it (never the password hash). */
export function consoleUserView(db: Db, u: ConsoleUser) {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    merchant_code: getMerchantById(db, u.merchantId)?.code ?? '',
    active: u.active,
    daily_sales_limit: u.dailySalesLimitKobo === null ? null : koboToApiNaira(u.dailySalesLimitKobo),
    environments: u.environments,
    start_environment: u.startEnvironment,
    created_at: u.createdAt,
  };
}

export interface NewConsoleUserInput {
  username: unknown;
  password: unknown;
  role: ConsoleRole;
  merchantCode: string;
  /** Naira; empty or null: no limit. */
  dailySalesLimit?: string | null;
  environments?: string[];
  startEnvironment?: string;
}

/** A new console user, audited (`console_user.create`); checked field by field in the form's order. */
export async function addConsoleUser(s: { db: Db }, input: NewConsoleUserInput, actor: string) {
  const username = parseUsername(input.username);
  const password = parseNewPassword(input.password);
  const merchant = requireMerchant(s.db, input.merchantCode);
  const limit = input.dailySalesLimit ? parseNaira(input.dailySalesLimit, 'daily_sales_limit') : null;
  const envs = parseUserEnvironments(input.environments, input.startEnvironment);
  return createConsoleUser(
    s.db,
    {
      merchantId: merchant.id,
      username,
      role: input.role,
      passwordHash: await hashPassword(password),
      dailySalesLimitKobo: limit,
      ...envs,
    },
    actor,
  );
}

/** The user of that name (any case), or NotFound. */
export function requireConsoleUser(db: Db, username: string): ConsoleUser {
  const user = getConsoleUserByName(db, username);
  if (!user) throw new NotFound(`console user ${username.trim()} not found`);
  return user;
}

/**
 * A new password for a user: the old one stops working, every open session of the user ends (a
 * running node looks sessions up in the database on each call) and the user's sign-in lock is
 * lifted. Audited as the Users page's reset is (`console_user.update`, `password_reset`).
 */
export async function resetConsoleUserPassword(
  s: { db: Db; now: () => number },
  username: string,
  password: string,
  actor: string,
) {
  const user = requireConsoleUser(s.db, username);
  const hash = await hashPassword(parseNewPassword(password));
  const sessionsEnded = openSessionCount(s.db, user.id, s.now());
  return { user: updateConsoleUser(s.db, user.id, { passwordHash: hash }, actor, s.now()), sessionsEnded };
}

/**
 * Moves a user to another merchant (the Users page's Edit → Merchant, `user move`): sales from
 * now on are made for it, past ones stay with the merchant they were made for, and the user's
 * open sessions end, on a running node too. Naming the merchant it already sells for changes
 * nothing. Audited (`console_user.update`, `{"merchant":{"from","to"}}`).
 */
export function moveConsoleUser(
  s: { db: Db; now: () => number },
  username: string,
  merchantCode: string,
  actor: string,
) {
  const user = requireConsoleUser(s.db, username);
  const previousMerchantCode = getMerchantById(s.db, user.merchantId)?.code ?? '';
  const open = openSessionCount(s.db, user.id, s.now());
  const moved = updateConsoleUser(s.db, user.id, { merchantCode }, actor, s.now());
  return {
    user: moved,
    previousMerchantCode,
    sessionsEnded: moved.merchantId === user.merchantId ? 0 : open,
  };
}

/**
 * Lets a user whose sign-in is locked (too many failed attempts) try again at once, on a running
 * node too: failures counted before now no longer count for that username. Audited.
 */
export function unlockConsoleUser(s: { db: Db; now: () => number }, username: string, actor: string) {
  const at = s.now();
  return { username: unlockConsoleSignIn(s.db, username, at, actor), unlockedAt: at };
}
