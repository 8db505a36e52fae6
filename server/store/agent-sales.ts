import { prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';

/**
 * What an agent sold since fromIso: pending and successful sales count, failed and reversed
 * ones were refunded. The one rule behind the daily limit's check and the Users page.
 */
export function agentSoldKobo(db: Db, userId: number, env: Environment, fromIso: string): number {
  return prep(
    db,
    `SELECT COALESCE(SUM(amount_kobo), 0) FROM purchases
     WHERE agent_user_id = ? AND environment = ? AND created_at >= ? AND state NOT IN ('failed', 'reversed')`,
  )
    .pluck()
    .get(userId, env, fromIso) as number;
}
