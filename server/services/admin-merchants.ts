import type { Db } from '../store/db.js';
import type { Environment } from '../store/credentials-crypto.js';
import {
  createMerchant,
  requireMerchant,
  rotateCredentials,
  updateMerchant,
  type Merchant,
} from '../store/merchants.js';
import {
  parseMerchantPatch,
  parseNewMerchant,
  type MerchantUpdate,
  type NewMerchantWords,
  type PatchWords,
} from '../domain/merchant-rules.js';

/**
 * Merchants as the console's Merchants pages and the CLI's `merchant create|update` and
 * `credentials rotate` change them: one function per action, so the two edges cannot drift
 * apart. The rules are domain/merchant-rules.ts; each edge passes the words its refusals use.
 */

/** A new merchant with a test and a live pair; the secrets are in this answer only. */
export function createMerchantProfile(
  s: { db: Db },
  input: { code: string; name: string },
  words: NewMerchantWords,
  actor: string,
) {
  return createMerchant(s.db, parseNewMerchant(input, words), actor);
}

/** Changes a merchant's profile: a field left out stays, a list given replaces it. */
export function updateMerchantProfile(
  s: { db: Db },
  code: string,
  change: MerchantUpdate,
  words: PatchWords,
  actor: string,
): Merchant {
  requireMerchant(s.db, code);
  return updateMerchant(s.db, code, parseMerchantPatch(change, words), actor);
}

/** Issues a new pair and revokes the active one in the same transaction ("issue" when none is active). */
export function rotateMerchantCredentials(s: { db: Db }, code: string, env: Environment, actor: string) {
  return rotateCredentials(s.db, requireMerchant(s.db, code).code, env, actor);
}
