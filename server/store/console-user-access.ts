import type { Db } from './db.js';
import { prep } from './db.js';
import { recordAudit } from './audit.js';
import { NotFound } from '../domain/errors.js';

/**
 * The operator's way back in for a console user: the sign-in unlock stamp (migration 023) and
 * the user's open sessions. The throttle's counters live in a node's memory; this stamp is how
 * another process (the CLI) tells a running node to forget them, and the node reads it only
 * when it is about to refuse a sign-in, so an ordinary sign-in never touches it.
 */

/** When the user was last unlocked (epoch ms), or null: never, or no such user. */
export function signInUnlockedAt(db: Db, username: string): number | null {
  const row = prep(db, 'SELECT sign_in_unlocked_at AS at FROM console_users WHERE username = ?').get(
    username.trim(),
  ) as { at: number | null } | undefined;
  return row?.at ?? null;
}

/**
 * Forgives the user's failed sign-ins counted up to `nowMs`, on every running node, audited.
 * Returns the user's stored name (the lookup ignores case, as sign-in does).
 */
export function unlockConsoleSignIn(db: Db, username: string, nowMs: number, actor: string): string {
  return db
    .transaction(() => {
      const user = prep(db, 'SELECT id, username FROM console_users WHERE username = ?').get(
        username.trim(),
      ) as { id: number; username: string } | undefined;
      if (!user) throw new NotFound(`console user ${username.trim()} not found`);
      prep(db, 'UPDATE console_users SET sign_in_unlocked_at = ? WHERE id = ?').run(nowMs, user.id);
      recordAudit(db, actor, 'console_user.unlock', user.username);
      return user.username;
    })
    .immediate();
}

/** How many sessions of the user are open now (a password reset ends them). */
export function openSessionCount(db: Db, userId: number, nowMs: number): number {
  return (
    prep(db, 'SELECT COUNT(*) AS n FROM console_sessions WHERE user_id = ? AND expires_at > ?').get(
      userId,
      nowMs,
    ) as { n: number }
  ).n;
}
