import type { Db } from './db.js';
import { ChangeWatch } from './change-counter.js';
import { sameSecret, secretMatches } from './credentials-crypto.js';
import { findActiveCredential, getMerchantById, type CredentialRecord, type Merchant } from './merchants.js';

interface Entry {
  cred: CredentialRecord;
  merchant: Merchant;
  /**
   * The secret last proven against the stored hash. Hashing costs more than the rest of a
   * status lookup (measured: ~20% of its throughput), so a repeat of the proven secret is
   * compared in constant time instead. Held in memory only, dropped with the entry.
   */
  provenSecret: string | null;
}

/**
 * Credential and merchant lookups served from memory on the hot path. The cache is dropped
 * by the store's one invalidation rule (store/change-counter.ts, area `merchants`): a change by
 * this process or a commit by another (the CLI), so
 * a rotation or suspension takes effect on the next request without a restart.
 */
export class CredentialCache {
  private entries = new Map<string, Entry | null>();
  private readonly watch: ChangeWatch;

  constructor(private readonly db: Db) {
    this.watch = new ChangeWatch(db, 'merchants');
  }

  lookup(keyId: string): Entry | null {
    if (this.watch.changed()) this.entries.clear();
    if (this.entries.has(keyId)) return this.entries.get(keyId)!;
    const cred = findActiveCredential(this.db, keyId);
    const merchant = cred ? getMerchantById(this.db, cred.merchantId) : null;
    const entry = cred && merchant ? { cred, merchant, provenSecret: null } : null;
    // Unknown keys are not remembered: an attacker spraying keys must not grow the map.
    if (entry) this.entries.set(keyId, entry);
    return entry;
  }

  /** The credential and merchant of a key, only when the secret is that key's. */
  verify(keyId: string, secret: string): Entry | null {
    const entry = this.lookup(keyId);
    if (!entry) return null;
    if (entry.provenSecret !== null && sameSecret(secret, entry.provenSecret)) return entry;
    if (!secretMatches(secret, entry.cred.secretHash)) return null;
    entry.provenSecret = secret;
    return entry;
  }
}
