import type { Db } from '../store/db.js';
import { ChangeWatch } from '../store/change-counter.js';
import { listCredentials } from '../store/merchants.js';
import type { ConsoleSession, ConsoleUser } from '../store/console-users.js';
import type { Environment } from '../store/credentials-crypto.js';
import { Forbidden, InvalidInput } from '../domain/errors.js';

const ENVIRONMENTS: Environment[] = ['test', 'live'];

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

/**
 * Environments this console user may switch to; every rule about who may sell live lives here:
 * those the admin allows the user (Users page) that the merchant can sell in now.
 */
export function environmentsForUser(db: Db, user: ConsoleUser): Environment[] {
  const merchant = merchantEnvironments(db, user.merchantId);
  return ENVIRONMENTS.filter((e) => user.environments.includes(e) && merchant.includes(e));
}

/**
 * Whether a user may see an environment's sales and wallet: one the admin lets them sell in,
 * whether or not the merchant can sell there right now (past live sales stay readable).
 */
export function mayView(user: Pick<ConsoleUser, 'environments'>, environment: Environment): boolean {
  return user.environments.includes(environment);
}

/** Where a sign-in of this user starts: the admin's choice when it is possible, else what is. */
export function startEnvironmentOf(db: Db, user: ConsoleUser): Environment {
  const allowed = environmentsForUser(db, user);
  if (allowed.includes(user.startEnvironment)) return user.startEnvironment;
  if (allowed.length) return allowed[0];
  throw new Forbidden(NO_ENVIRONMENT_MESSAGE);
}

export const NO_ENVIRONMENT_MESSAGE =
  'You may sell only in live, and this merchant has no active live credentials now; ask your admin';

/**
 * An admin's choice of environments for a user: at least one, and the start one among them. A
 * new user for whom none is named sells in test only, as the console's form starts: live money
 * is given by a deliberate choice, never by an omitted field.
 */
export function parseUserEnvironments(
  environments: string[] | undefined,
  start: string | undefined,
  current?: { environments: Environment[]; startEnvironment: Environment },
): { environments: Environment[]; startEnvironment: Environment } {
  const envs = environments ?? current?.environments ?? ['test'];
  if (!envs.length || envs.some((e) => !ENVIRONMENTS.includes(e as Environment)))
    throw new InvalidInput('environments must name test, live or both', 'environments');
  const picked = ENVIRONMENTS.filter((e) => envs.includes(e));
  // Narrowing to one environment moves the start there, so the admin need not say it twice.
  const startEnvironment = start ?? (picked.length === 1 ? picked[0] : current?.startEnvironment) ?? 'test';
  if (!picked.includes(startEnvironment as Environment))
    throw new InvalidInput(
      `the start environment must be one the user may sell in (${picked.join(' or ')})`,
      'start_environment',
    );
  return { environments: picked, startEnvironment: startEnvironment as Environment };
}

/** Whether the session's current environment is still allowed (an admin may have revoked live since). */
export function environmentAllowedForSession(db: Db, session: ConsoleSession): boolean {
  return environmentsForUser(db, session.user).includes(session.environment);
}
