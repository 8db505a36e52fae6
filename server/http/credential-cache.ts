import type { Db } from '../store/db.js';
import { externalDataVersion } from '../store/db.js';
import { sameSecret, secretMatches } from '../store/credentials-crypto.js';
import {
  findActiveCredential,
  getMerchantById,
  merchantsWriteCount,
  type CredentialRecord,
  type Merchant,
} from '../store/merchants.js';

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
 * whenever this process changes merchants or credentials (the store counts its writes) and
 * whenever another process — the CLI — commits to the database (SQLite's data_version), so
 * a rotation or suspension takes effect on the next request without a restart.
 */
export class CredentialCache {
  private entries = new Map<string, Entry | null>();
  private dataVersion = -1;
  private writes = -1;

  constructor(private readonly db: Db) {}

  lookup(keyId: string): Entry | null {
    const v = externalDataVersion(this.db);
    const w = merchantsWriteCount();
    if (v !== this.dataVersion || w !== this.writes) {
      this.entries.clear();
      this.dataVersion = v;
      this.writes = w;
    }
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
