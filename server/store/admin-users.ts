import type { Db } from './db.js';
import { prep } from './db.js';
import { recordAudit } from './audit.js';
import { environmentsText, getConsoleUserById, type ConsoleUser } from './console-users.js';
import type { Environment } from './credentials-crypto.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { merchantMove, type MoveTarget } from '../domain/user-merchant-move.js';
import { writtenRow } from './rows.js';

export interface ConsoleUserPatch {
  active?: boolean;
  /** Kobo; null removes the limit. */
  dailySalesLimitKobo?: number | null;
  /** A new scrypt hash (the admin reset the password). */
  passwordHash?: string;
  /** Where the user may sell and where a sign-in starts (checked together by the caller). */
  environments?: Environment[];
  startEnvironment?: Environment;
  /** The merchant the user sells for from now on, by its code (`merchantMove` checks it). */
  merchantCode?: string;
}

/** The merchant a move names, read in the move's transaction so a suspension cannot slip between. */
const moveTarget = (db: Db, code: string): MoveTarget | null =>
  (prep(db, 'SELECT id, code, status FROM merchants WHERE code = ?').get(code) as MoveTarget | undefined) ??
  null;

const merchantCodeOf = (db: Db, id: number): string =>
  (prep(db, 'SELECT code FROM merchants WHERE id = ?').pluck().get(id) as string | undefined) ?? '';

/**
 * Changes a console user (admin Users page, `user reset-password`), audited without the
 * password. Deactivating ends the user's sessions at once (the session lookup also refuses
 * inactive users). A new password ends them too and lifts the user's sign-in lock as of `nowMs`
 * (the failures were against the old password). The last active admin cannot be deactivated:
 * nobody could then sign in to undo it.
 *
 * A move to another merchant changes only where the user's sales are made from now on: a
 * purchase keeps the merchant it was stored with (its wallet, books and refund), a sale already
 * in flight included. It ends the user's sessions too, since the wallet, products and sales the
 * console shows all change; the next sign-in sells for the new merchant. The audit names both.
 */
export function updateConsoleUser(
  db: Db,
  id: number,
  patch: ConsoleUserPatch,
  actor: string,
  nowMs: number = Date.now(),
): ConsoleUser {
  return db
    .transaction(() => {
      const user = getConsoleUserById(db, id);
      if (!user) throw new NotFound(`console user ${id} not found`);
      if (patch.active === false && user.role === 'admin' && user.active) {
        const admins = (
          prep(db, `SELECT COUNT(*) AS n FROM console_users WHERE role = 'admin' AND active = 1`).get() as {
            n: number;
          }
        ).n;
        if (admins <= 1)
          throw new Conflict(
            'this is the last active administrator; create another admin before deactivating it',
          );
      }
      const target = patch.merchantCode === undefined ? null : moveTarget(db, patch.merchantCode);
      const moves =
        patch.merchantCode !== undefined &&
        merchantMove(patch.merchantCode, target, user.merchantId) === 'move';
      if (moves) prep(db, 'UPDATE console_users SET merchant_id = ? WHERE id = ?').run(target!.id, id);
      if (patch.active !== undefined)
        prep(db, 'UPDATE console_users SET active = ? WHERE id = ?').run(patch.active ? 1 : 0, id);
      if (patch.dailySalesLimitKobo !== undefined) {
        prep(db, 'UPDATE console_users SET daily_sales_limit_kobo = ? WHERE id = ?').run(
          patch.dailySalesLimitKobo,
          id,
        );
      }
      if (patch.passwordHash !== undefined)
        prep(db, 'UPDATE console_users SET password_hash = ?, sign_in_unlocked_at = ? WHERE id = ?').run(
          patch.passwordHash,
          nowMs,
          id,
        );
      if (patch.environments !== undefined)
        prep(db, 'UPDATE console_users SET environments = ? WHERE id = ?').run(
          environmentsText(patch.environments),
          id,
        );
      if (patch.startEnvironment !== undefined)
        prep(db, 'UPDATE console_users SET start_environment = ? WHERE id = ?').run(
          patch.startEnvironment,
          id,
        );
      // A deactivated user, a reset password or a move ends every open session of that user.
      if (patch.active === false || patch.passwordHash !== undefined || moves)
        prep(db, 'DELETE FROM console_sessions WHERE user_id = ?').run(id);
      recordAudit(db, actor, 'console_user.update', user.username, {
        active: patch.active,
        daily_sales_limit_kobo: patch.dailySalesLimitKobo,
        password_reset: patch.passwordHash !== undefined ? true : undefined,
        environments: patch.environments,
        start_environment: patch.startEnvironment,
        merchant: moves ? { from: merchantCodeOf(db, user.merchantId), to: target!.code } : undefined,
      });
      return writtenRow(getConsoleUserById(db, id), 'console user', id);
    })
    .immediate();
}
