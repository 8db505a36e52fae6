import type { Db } from '../store/db.js';
import { type CredentialRecord, type Merchant } from '../store/merchants.js';
interface Entry {
    cred: CredentialRecord;
    merchant: Merchant;
}
/**
 * Credential and merchant lookups served from memory on the hot path. The cache is dropped
 * whenever this process changes merchants or credentials (the store counts its writes) and
 * whenever another process — the CLI — commits to the database (SQLite's data_version), so
 * a rotation or suspension takes effect on the next request without a restart.
 */
export declare class CredentialCache {
    private readonly db;
    private entries;
    private dataVersion;
    private writes;
    constructor(db: Db);
    lookup(keyId: string): Entry | null;
}
export {};
