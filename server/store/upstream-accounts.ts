import type { Db } from './db.js';
import { nowIso, prep } from './db.js';
import { accountFingerprint, accountWords } from '../domain/upstream-account.js';

/**
 * The provider accounts each vending-api upstream has pointed at (base URL and merchant code, by
 * their fingerprint, as vend jobs keep the one a sale was sent to): so a sale sent to an account
 * the upstream no longer points at can be named in words (reconciliation's
 * `sent_to_other_account`). Noted whenever an upstream is added or changed, the account it
 * leaves as well as the one it takes; never a key or secret.
 */
export function noteUpstreamAccount(
  db: Db,
  u: { name: string; baseUrl: string | null; merchantCode: string | null },
): void {
  if (!u.baseUrl || !u.merchantCode) return;
  prep(
    db,
    `INSERT OR IGNORE INTO upstream_accounts (fingerprint, upstream_name, base_url, merchant_code, noted_at)
       VALUES (?, ?, ?, ?, ?)`,
  ).run(accountFingerprint(u.baseUrl, u.merchantCode), u.name, u.baseUrl, u.merchantCode, nowIso(db));
}

/** The account with this fingerprint in words; one never noted here (changed before it was kept) by its fingerprint. */
export function accountByFingerprint(db: Db, fingerprint: string): string {
  const r = prep(db, 'SELECT base_url, merchant_code FROM upstream_accounts WHERE fingerprint = ?').get(
    fingerprint,
  ) as { base_url: string; merchant_code: string } | undefined;
  return r
    ? accountWords({ baseUrl: r.base_url, merchantCode: r.merchant_code })
    : `an account not on record here (fingerprint ${fingerprint})`;
}
