import type { Db } from '../store/db.js';
import { externalDataVersion } from '../store/db.js';
import { listCredentials, merchantsWriteCount } from '../store/merchants.js';
import type { ConsoleSession, ConsoleUser } from '../store/console-users.js';
import type { Environment } from '../store/credentials-crypto.js';

interface Memo {
  dataVersion: number;
  writes: number;
  byMerchant: Map<number, Environment[]>;
}

const memos = new WeakMap<Db, Memo>();

/**
 * Environments a merchant's console may act in: test always, live only while the merchant has
 * an active live pair. Checked on every console request, so the answer is kept per merchant and
 * dropped whenever this process changes merchants or credentials (the store counts its writes)
 * or another process such as the CLI commits (SQLite's data_version).
 */
function merchantEnvironments(db: Db, merchantId: number): Environment[] {
  const dataVersion = externalDataVersion(db);
  const writes = merchantsWriteCount();
  let memo = memos.get(db);
  if (!memo || memo.dataVersion !== dataVersion || memo.writes !== writes) {
    memo = { dataVersion, writes, byMerchant: new Map() };
    memos.set(db, memo);
  }
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
