import { prep } from './db.js';
import { v7 as uuidv7 } from 'uuid';
import { noteChange } from './change-counter.js';
import type { Db } from './db.js';
import { nowIso } from './db.js';
import { hashSecret, newKeyId, newSecret, type Environment } from './credentials-crypto.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { recordAudit } from './audit.js';
import { camelRow, writtenRow, type RowOf } from './rows.js';
import { getSetting, setSetting, SETTINGS } from './settings.js';
import type { MerchantUpdate } from '../domain/merchant-rules.js';

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

/** The lists are JSON text in the row, the report flag 0 or 1. */
type MerchantRow = RowOf<Omit<Merchant, 'allowIps' | 'liveBills' | 'reportEmails' | 'reportTest'>> & {
  allow_ips: string;
  live_bills: string;
  report_emails: string;
  report_test: number;
};

function toMerchant(r: MerchantRow): Merchant {
  return {
    ...camelRow(r),
    allowIps: JSON.parse(r.allow_ips),
    liveBills: JSON.parse(r.live_bills),
    reportEmails: JSON.parse(r.report_emails),
    reportTest: r.report_test === 1,
  };
}

/** The merchant as the CLI and console print it. */
export function merchantJson(m: Merchant) {
  return {
    merchant_code: m.code,
    merchant_id: m.id,
    name: m.name,
    status: m.status,
    allow_ips: m.allowIps,
    live_bills: m.liveBills,
    report_emails: m.reportEmails,
    report_test: m.reportTest,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

function issuePair(db: Db, merchantId: number, env: Environment): IssuedPair {
  const key = newKeyId(env);
  const secret = newSecret(env);
  prep(
    db,
    `INSERT INTO credentials (merchant_id, environment, key_id, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)`,
  ).run(merchantId, env, key, hashSecret(secret), nowIso(db));
  return { key, secret };
}

/** New merchant with its two wallets and a test and a live credential pair. */
export function createMerchant(
  db: Db,
  input: { code: string; name: string },
  actor: string,
): { merchant: Merchant; test: IssuedPair; live: IssuedPair } {
  return db
    .transaction(() => {
      if (prep(db, 'SELECT 1 FROM merchants WHERE code = ?').get(input.code)) {
        throw new Conflict(`merchant ${input.code} already exists`);
      }
      const now = nowIso(db);
      const id = Number(
        prep(db, 'INSERT INTO merchants (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
          input.code,
          input.name,
          now,
          now,
        ).lastInsertRowid,
      );
      for (const env of ['test', 'live'] as const) {
        prep(db, 'INSERT INTO wallets (merchant_id, environment, updated_at) VALUES (?, ?, ?)').run(
          id,
          env,
          now,
        );
      }
      const test = issuePair(db, id, 'test');
      const live = issuePair(db, id, 'live');
      recordAudit(db, actor, 'merchant.create', input.code, { name: input.name });
      noteChange(db, 'merchants');
      return { merchant: writtenRow(getMerchantById(db, id), 'merchant', input.code), test, live };
    })
    .immediate();
}

export function getMerchantByCode(db: Db, code: string): Merchant | null {
  const r = prep(db, 'SELECT * FROM merchants WHERE code = ?').get(code) as MerchantRow | undefined;
  return r ? toMerchant(r) : null;
}

export function getMerchantById(db: Db, id: number): Merchant | null {
  const r = prep(db, 'SELECT * FROM merchants WHERE id = ?').get(id) as MerchantRow | undefined;
  return r ? toMerchant(r) : null;
}

export function requireMerchant(db: Db, code: string): Merchant {
  const m = getMerchantByCode(db, code);
  if (!m) throw new NotFound(`merchant ${code} not found`);
  return m;
}

export function listMerchants(db: Db): Merchant[] {
  return (prep(db, 'SELECT * FROM merchants ORDER BY id').all() as MerchantRow[]).map(toMerchant);
}

/** Writes a change that `parseMerchantPatch` (domain/merchant-rules.ts) has checked, audited. */
export function updateMerchant(db: Db, code: string, patch: MerchantUpdate, actor: string): Merchant {
  return db
    .transaction(() => {
      const m = requireMerchant(db, code);
      const next = { ...m, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
      prep(
        db,
        `UPDATE merchants SET name = ?, status = ?, allow_ips = ?, live_bills = ?, report_emails = ?,
           report_test = ?, updated_at = ? WHERE id = ?`,
      ).run(
        next.name,
        next.status,
        JSON.stringify(next.allowIps),
        JSON.stringify(next.liveBills),
        JSON.stringify(next.reportEmails),
        next.reportTest ? 1 : 0,
        nowIso(db),
        m.id,
      );
      recordAudit(db, actor, 'merchant.update', code, patch);
      noteChange(db, 'merchants');
      return writtenRow(getMerchantById(db, m.id), 'merchant', code);
    })
    .immediate();
}

/** Issues a new pair for one environment and revokes the old one in the same transaction. */
export function rotateCredentials(db: Db, code: string, env: Environment, actor: string): IssuedPair {
  return db
    .transaction(() => {
      const m = requireMerchant(db, code);
      prep(
        db,
        `UPDATE credentials SET status = 'revoked', revoked_at = ? WHERE merchant_id = ? AND environment = ? AND status = 'active'`,
      ).run(nowIso(db), m.id, env);
      const pair = issuePair(db, m.id, env);
      if (code === 'DEMO' && env === 'test' && getSetting(db, SETTINGS.demoPairUnshown))
        setSetting(db, SETTINGS.demoPairUnshown, false);
      recordAudit(db, actor, 'credentials.rotate', code, { environment: env, key: pair.key });
      noteChange(db, 'merchants');
      return pair;
    })
    .immediate();
}

export function revokeCredentials(db: Db, code: string, env: Environment, actor: string): void {
  db.transaction(() => {
    const m = requireMerchant(db, code);
    prep(
      db,
      `UPDATE credentials SET status = 'revoked', revoked_at = ? WHERE merchant_id = ? AND environment = ? AND status = 'active'`,
    ).run(nowIso(db), m.id, env);
    recordAudit(db, actor, 'credentials.revoke', code, { environment: env });
    noteChange(db, 'merchants');
  }).immediate();
}

export interface CredentialRecord {
  merchantId: number;
  environment: Environment;
  keyId: string;
  secretHash: string;
}

export function findActiveCredential(db: Db, keyId: string): CredentialRecord | null {
  const r = prep(
    db,
    `SELECT merchant_id, environment, key_id, secret_hash FROM credentials WHERE key_id = ? AND status = 'active'`,
  ).get(keyId) as
    { merchant_id: number; environment: Environment; key_id: string; secret_hash: string } | undefined;
  return r
    ? { merchantId: r.merchant_id, environment: r.environment, keyId: r.key_id, secretHash: r.secret_hash }
    : null;
}

export function listCredentials(db: Db, merchantId: number) {
  return prep(
    db,
    `SELECT environment, key_id AS key, status, created_at, revoked_at FROM credentials WHERE merchant_id = ? ORDER BY id`,
  ).all(merchantId);
}

/**
 * A purchase's internal reference: a UUID version 7 (time-ordered, 74 random bits). The unique
 * index on it then grows at its right edge, as the id does: a random v4 key dirtied a random
 * leaf page per sale, about half of the bytes each create wrote (docs/performance.md).
 */
export const newInternalReference = (): string => uuidv7();
