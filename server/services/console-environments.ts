import type { Services } from './context.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { ConsoleSession, ConsoleUser } from '../store/console-users.js';
import { setSessionEnvironment } from '../store/console-users.js';
import { listCredentials } from '../store/merchants.js';
import { Forbidden, InvalidInput } from '../domain/errors.js';

const ENVIRONMENTS: Environment[] = ['test', 'live'];

/** Environments the merchant can sell in: test always; live only while a live pair is active. */
export function merchantEnvironments(s: Services, merchantId: number): Environment[] {
  const rows = listCredentials(s.db, merchantId) as { environment: Environment; status: string }[];
  return rows.some((r) => r.environment === 'live' && r.status === 'active') ? ['test', 'live'] : ['test'];
}

/**
 * The environments a console session of this user may be in: those the admin allows the user
 * and the merchant can sell in now (a revoked live pair takes live away at once).
 */
export function sessionEnvironments(s: Services, user: ConsoleUser): Environment[] {
  const merchant = merchantEnvironments(s, user.merchantId);
  return ENVIRONMENTS.filter((e) => user.environments.includes(e) && merchant.includes(e));
}

/** Where a sign-in of this user starts: the admin's choice when it is possible, else what is. */
export function startEnvironmentOf(s: Services, user: ConsoleUser): Environment {
  const allowed = sessionEnvironments(s, user);
  if (allowed.includes(user.startEnvironment)) return user.startEnvironment;
  if (allowed.length) return allowed[0];
  throw new Forbidden(
    'You may sell only in live, and this merchant has no active live credentials now; ask your admin',
  );
}

/**
 * The "environment allowed for this session" rule, checked on every console request: a session
 * whose environment is no longer allowed (the admin changed the user, or the live pair was
 * revoked) moves to the user's start environment before the request goes on.
 */
export function enforceSessionEnvironment(s: Services, session: ConsoleSession): void {
  if (sessionEnvironments(s, session.user).includes(session.environment)) return;
  const next = startEnvironmentOf(s, session.user);
  setSessionEnvironment(s.db, session.idHash, next);
  session.environment = next;
}

/** An admin's choice of environments for a user: at least one, and the start one among them. */
export function parseUserEnvironments(
  environments: string[] | undefined,
  start: string | undefined,
  current?: { environments: Environment[]; startEnvironment: Environment },
): { environments: Environment[]; startEnvironment: Environment } {
  const envs = environments ?? current?.environments ?? ENVIRONMENTS;
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
