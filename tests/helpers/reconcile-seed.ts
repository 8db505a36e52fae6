/**
 * Writes both sides of a reconciliation day straight into SQLite, as the bench generator
 * does: our live purchases sent to an upstream (with their debits and refunds, so `ledger
 * verify` holds) and the upstream node's own rows for the same keys (its `idem_key` is our
 * internal_reference, the key we send). Each row says how the two sides should compare.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/store/db.js';
import { getWallet } from '../../server/store/wallets.js';

export type Side = 'success' | 'failed' | 'pending' | null;

export interface SeedRow {
  ours: Side;
  theirs: Side;
  amountKobo: number;
  /** The upstream's amount when it differs from ours. */
  theirAmountKobo?: number;
  /** ISO instant of our purchase; the upstream's row is stamped `theirDelayMs` later. */
  at: string;
  theirDelayMs?: number;
  /**
   * A gift-card order instead of an airtime transaction; or a gift card redeemed into an eSIM:
   * a transaction (product ESIM) here, an eSIM order at the upstream, as the node sends it.
   */
  order?: 'giftcard' | 'esim-redemption';
}

export interface Seeded {
  /** Our internal_reference per seeded row (also the key the upstream holds). */
  references: string[];
}

/**
 * `ours`: our node's database, merchant and the upstream's name there; `theirs`: the upstream
 * node's database and the merchant we are at that node.
 */
export function seedReconciliationDay(
  ours: { db: Db; merchantId: number; upstreamName: string },
  theirs: { db: Db; merchantId: number },
  rows: readonly SeedRow[],
): Seeded {
  const references: string[] = [];
  const ourWallet = getWallet(ours.db, ours.merchantId, 'live');
  const theirWallet = getWallet(theirs.db, theirs.merchantId, 'live');
  const insertPurchase = (db: Db) =>
    db.prepare(
      `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, msisdn,
         plan_id, amount_text, amount_kobo, debit_kobo, state, result, upstream_name, created_at, updated_at)
       VALUES (?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  const insertLedger = (db: Db) =>
    db.prepare(
      `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at)
       VALUES (?, ?, ?, ?, ?, 'seeded', 'seed', ?)`,
    );
  const ourPurchase = insertPurchase(ours.db);
  const theirPurchase = insertPurchase(theirs.db);
  const ourLedger = insertLedger(ours.db);
  const theirLedger = insertLedger(theirs.db);
  let ourBalance = ourWallet.balanceKobo;
  let theirBalance = theirWallet.balanceKobo;
  const naira = (k: number) => (k / 100).toFixed(2);
  const what = (r: SeedRow, side: 'ours' | 'theirs') => {
    if (r.order === 'giftcard') return ['giftcard', 'giftcard', '', '', '1001'];
    if (r.order === 'esim-redemption')
      return side === 'ours'
        ? ['transaction', 'ESIM', '', '', 'ESIM-GB-5GB-30D']
        : ['esim', 'esim', '', '', 'ESIM-GB-5GB-30D'];
    return ['transaction', 'airtime', 'MTN', '08031234567', null];
  };

  const write = (db: Db, fn: () => void) => db.transaction(fn)();
  write(ours.db, () =>
    write(theirs.db, () => {
      for (const r of rows) {
        const ref = randomUUID();
        references.push(ref);
        if (r.ours) {
          const id = Number(
            ourPurchase.run(
              ref,
              ours.merchantId,
              `key-${ref}`,
              ...what(r, 'ours'),
              naira(r.amountKobo),
              r.amountKobo,
              r.amountKobo,
              r.ours,
              r.ours === 'success' ? '{}' : null,
              ours.upstreamName,
              r.at,
              r.at,
            ).lastInsertRowid,
          );
          ourBalance -= r.amountKobo;
          ourLedger.run(ourWallet.id, 'debit', -r.amountKobo, ourBalance, id, r.at);
          if (r.ours === 'failed') {
            ourBalance += r.amountKobo;
            ourLedger.run(ourWallet.id, 'refund', r.amountKobo, ourBalance, id, r.at);
          }
        }
        if (r.theirs) {
          const at = new Date(Date.parse(r.at) + (r.theirDelayMs ?? 200)).toISOString();
          const kobo = r.theirAmountKobo ?? r.amountKobo;
          const id = Number(
            theirPurchase.run(
              randomUUID(),
              theirs.merchantId,
              ref,
              ...what(r, 'theirs'),
              naira(kobo),
              kobo,
              kobo,
              r.theirs,
              // An order's success here carries no card or install details: a 00 short of the
              // order, which a sale keeps pending but reconciliation counts as the provider's success.
              r.theirs === 'success' ? '{}' : null,
              'simulator',
              at,
              at,
            ).lastInsertRowid,
          );
          theirBalance -= kobo;
          theirLedger.run(theirWallet.id, 'debit', -kobo, theirBalance, id, at);
          if (r.theirs === 'failed') {
            theirBalance += kobo;
            theirLedger.run(theirWallet.id, 'refund', kobo, theirBalance, id, at);
          }
        }
      }
      ours.db.prepare('UPDATE wallets SET balance_kobo = ? WHERE id = ?').run(ourBalance, ourWallet.id);
      theirs.db.prepare('UPDATE wallets SET balance_kobo = ? WHERE id = ?').run(theirBalance, theirWallet.id);
    }),
  );
  return { references };
}
