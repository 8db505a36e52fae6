import type { Db } from '../store/db.js';
import { ChangeWatch } from '../store/change-counter.js';
import { listCredentials } from '../store/merchants.js';
import type { ConsoleSession, ConsoleUser } from '../store/console-users.js';
import type { Environment } from '../store/credentials-crypto.js';

interface Memo {
  watch: ChangeWatch;
  byMerchant: Map<number, Environment[]>;
}

const memos = new WeakMap<Db, Memo>();

/**
 * Environments a merchant's console may act in: test always, live only while the merchant has
 * an active live pair. Checked on every console request, so the answer is kept per merchant and
 * dropped by the store's one invalidation rule (store/change-counter.ts, area `merchants`).
 */
function merchantEnvironments(db: Db, merchantId: number): Environment[] {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = { watch: new ChangeWatch(db, 'merchants'), byMerchant: new Map() }));
  if (memo.watch.changed()) memo.byMerchant.clear();
  let envs = memo.byMerchant.get(merchantId);
  if (!envs) {
    const rows = listCredentials(db, merchantId) as { environment: Environment; status: string }[];
    envs = rows.some((r) => r.environment === 'live' && r.status === 'active') ? ['test', 'live'] : ['test'];
    memo.byMerchant.set(merchantId, envs);
  }
  return envs;
}

/** Environments this console user may switch to; every rule about who may sell live lives here. */
export function environmentsForUser(db: Db, user: ConsoleUser): Environment[] {
  return merchantEnvironments(db, user.merchantId);
}

/** Whether the session's current environment is still allowed (an admin may have revoked live since). */
export function environmentAllowedForSession(db: Db, session: ConsoleSession): boolean {
  return environmentsForUser(db, session.user).includes(session.environment);
}
