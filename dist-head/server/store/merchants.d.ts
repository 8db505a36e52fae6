import type { Db } from './db.js';
import { type Environment } from './credentials-crypto.js';
/** Counts merchant/credential writes made by this process, so caches know when to drop. */
export declare const merchantsWriteCount: () => number;
export interface Merchant {
    id: number;
    code: string;
    name: string;
    status: 'active' | 'suspended';
    allowIps: string[];
    liveBills: string[];
    reportEmails: string[];
    reportTest: boolean;
    createdAt: string;
    updatedAt: string;
}
export interface IssuedPair {
    key: string;
    secret: string;
}
/** The merchant as the CLI and console print it. */
export declare function merchantJson(m: Merchant): {
    merchant_code: string;
    merchant_id: number;
    name: string;
    status: "active" | "suspended";
    allow_ips: string[];
    live_bills: string[];
    report_emails: string[];
    report_test: boolean;
    created_at: string;
    updated_at: string;
};
/** New merchant with its two wallets and a test and a live credential pair. */
export declare function createMerchant(db: Db, input: {
    code: string;
    name: string;
}, actor: string): {
    merchant: Merchant;
    test: IssuedPair;
    live: IssuedPair;
};
export declare function getMerchantByCode(db: Db, code: string): Merchant | null;
export declare function getMerchantById(db: Db, id: number): Merchant | null;
export declare function requireMerchant(db: Db, code: string): Merchant;
export declare function listMerchants(db: Db): Merchant[];
export interface MerchantUpdate {
    name?: string;
    status?: 'active' | 'suspended';
    allowIps?: string[];
    liveBills?: string[];
    reportEmails?: string[];
    reportTest?: boolean;
}
export declare function updateMerchant(db: Db, code: string, patch: MerchantUpdate, actor: string): Merchant;
/** Issues a new pair for one environment and revokes the old one in the same transaction. */
export declare function rotateCredentials(db: Db, code: string, env: Environment, actor: string): IssuedPair;
export declare function revokeCredentials(db: Db, code: string, env: Environment, actor: string): void;
export interface CredentialRecord {
    merchantId: number;
    environment: Environment;
    keyId: string;
    secretHash: string;
}
export declare function findActiveCredential(db: Db, keyId: string): CredentialRecord | null;
export declare function listCredentials(db: Db, merchantId: number): unknown[];
export declare const newInternalReference: () => string;
