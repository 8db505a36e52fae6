import { externalDataVersion } from '../store/db.js';
import { findActiveCredential, getMerchantById, merchantsWriteCount, } from '../store/merchants.js';
/**
 * Credential and merchant lookups served from memory on the hot path. The cache is dropped
 * whenever this process changes merchants or credentials (the store counts its writes) and
 * whenever another process — the CLI — commits to the database (SQLite's data_version), so
 * a rotation or suspension takes effect on the next request without a restart.
 */
export class CredentialCache {
    db;
    entries = new Map();
    dataVersion = -1;
    writes = -1;
    constructor(db) {
        this.db = db;
    }
    lookup(keyId) {
        const v = externalDataVersion(this.db);
        const w = merchantsWriteCount();
        if (v !== this.dataVersion || w !== this.writes) {
            this.entries.clear();
            this.dataVersion = v;
            this.writes = w;
        }
        if (this.entries.has(keyId))
            return this.entries.get(keyId);
        const cred = findActiveCredential(this.db, keyId);
        const merchant = cred ? getMerchantById(this.db, cred.merchantId) : null;
        const entry = cred && merchant ? { cred, merchant } : null;
        // Unknown keys are not remembered: an attacker spraying keys must not grow the map.
        if (entry)
            this.entries.set(keyId, entry);
        return entry;
    }
}
//# sourceMappingURL=credential-cache.js.map