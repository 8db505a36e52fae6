import type { Db } from './db.js';
import { type ConsoleUser } from './console-users.js';
export interface ConsoleUserPatch {
    active?: boolean;
    /** Kobo; null removes the limit. */
    dailySalesLimitKobo?: number | null;
    /** A new scrypt hash (the admin reset the password). */
    passwordHash?: string;
}
/**
 * Changes a console user (admin Users page), audited without the password. Deactivating ends
 * the user's sessions at once (the session lookup also refuses inactive users). The last
 * active admin cannot be deactivated: nobody could then sign in to undo it.
 */
export declare function updateConsoleUser(db: Db, id: number, patch: ConsoleUserPatch, actor: string): ConsoleUser;
