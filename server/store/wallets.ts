import { prep } from './db.js';
import type { Db } from './db.js';
import { nowIso } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { InsufficientBalance, InvalidInput, NotFound } from '../domain/errors.js';
import { parseOperatorReason } from '../domain/operator-rules.js';
import { recordAudit } from './audit.js';
import { recordLowBalanceEvent, recordWalletMovementEvent } from './events.js';
import { formatKobo } from '../../common/money-display.js';
import { MAX_BALANCE_KOBO } from '../../common/money.js';

export interface Wallet {
  id: number;
  merchantId: number;
  environment: Environment;
  balanceKobo: number;
  updatedAt: string;
}

export type LedgerKind = 'funding' | 'debit' | 'refund' | 'adjustment' | 'reversal' | 'debit_correction';

export function getWallet(db: Db, merchantId: number, env: Environment): Wallet {
  const r = prep(
    db,
    'SELECT id, merchant_id, environment, balance_kobo, updated_at FROM wallets WHERE merchant_id = ? AND environment = ?',
  ).get(merchantId, env) as
    | { id: number; merchant_id: number; environment: Environment; balance_kobo: number; updated_at: string }
    | undefined;
  if (!r) throw new NotFound('wallet not found');
  return {
    id: r.id,
    merchantId: r.merchant_id,
    environment: r.environment,
    balanceKobo: r.balance_kobo,
    updatedAt: r.updated_at,
  };
}

type LedgerEntry = {
  kind: LedgerKind;
  amountKobo: number;
  purchaseId?: number | null;
  reason: string;
  actor: string;
  /** The instant of the change it records (a sale's own `created_at`), else now. */
  at?: string;
};

/**
 * The only way a balance changes: one ledger entry and the cached balance, together. The
 * merchant's wallet is found, checked and moved by one statement (a refused debit changes
 * nothing). Must run inside a transaction owned by a store function.
 */
export function postLedgerEntryFor(db: Db, merchantId: number, env: Environment, entry: LedgerEntry): number {
  const now = entry.at ?? nowIso(db);
  const moved = prep(
    db,
    `UPDATE wallets SET balance_kobo = balance_kobo + ?, updated_at = ?
       WHERE merchant_id = ? AND environment = ? AND balance_kobo + ? >= 0
       RETURNING id, balance_kobo, low_balance_kobo, low_balance_alerted`,
  ).get(entry.amountKobo, now, merchantId, env, entry.amountKobo) as MovedWallet | undefined;
  if (!moved) {
    getWallet(db, merchantId, env); // NotFound when there is no wallet at all
    throw new InsufficientBalance();
  }
  appendLedgerEntry(db, moved.id, moved.balance_kobo, now, entry);
  if (moved.low_balance_kobo !== null) checkLowBalance(db, merchantId, env, moved, entry.amountKobo < 0, now);
  return moved.balance_kobo;
}

interface MovedWallet {
  id: number;
  balance_kobo: number;
  low_balance_kobo: number | null;
  low_balance_alerted: number;
}

/**
 * Falling below the wallet's threshold records one `wallet.low_balance` event and queues one
 * e-mail, in the same transaction; nothing repeats until the balance is back at or above it.
 */
function checkLowBalance(
  db: Db,
  merchantId: number,
  env: Environment,
  w: MovedWallet,
  debit: boolean,
  now: string,
): void {
  const below = w.balance_kobo < (w.low_balance_kobo ?? 0);
  // Only a debit crosses downwards; a credit that leaves the balance below it is no news.
  if (below && debit && w.low_balance_alerted === 0) {
    prep(db, 'UPDATE wallets SET low_balance_alerted = 1 WHERE id = ?').run(w.id);
    const eventId = recordLowBalanceEvent(db, {
      id: w.id,
      merchantId,
      environment: env,
      balanceKobo: w.balance_kobo,
      updatedAt: now,
    });
    prep(db, `INSERT INTO alert_mails (event_id, next_attempt_at) VALUES (?, ?)`).run(eventId, Date.now());
  } else if (!below && w.low_balance_alerted === 1) {
    prep(db, 'UPDATE wallets SET low_balance_alerted = 0 WHERE id = ?').run(w.id);
  }
}

/** Sets (or clears, with null) the low-balance threshold of a wallet, audited. */
export function setLowBalanceThreshold(
  db: Db,
  input: {
    merchantId: number;
    merchantCode: string;
    env: Environment;
    thresholdKobo: number | null;
    actor: string;
  },
): Wallet & { lowBalanceKobo: number | null } {
  if (input.thresholdKobo !== null && (!Number.isInteger(input.thresholdKobo) || input.thresholdKobo < 0))
    throw new InvalidInput('threshold must be a non-negative amount', 'threshold');
  return db
    .transaction(() => {
      const w = getWallet(db, input.merchantId, input.env);
      // A wallet at or above the new threshold is re-armed: its next fall below alerts once. One
      // still below keeps its state: saving a threshold again is no new crossing, and a fall
      // already alerted is not alerted twice (a threshold set while below alerts at the next debit).
      prep(
        db,
        `UPDATE wallets SET low_balance_kobo = ?,
           low_balance_alerted = CASE WHEN balance_kobo < COALESCE(?, 0) THEN low_balance_alerted ELSE 0 END
         WHERE id = ?`,
      ).run(input.thresholdKobo, input.thresholdKobo, w.id);
      recordAudit(db, input.actor, 'wallet.low_balance_threshold', input.merchantCode, {
        environment: input.env,
        threshold_kobo: input.thresholdKobo,
      });
      return { ...w, lowBalanceKobo: input.thresholdKobo };
    })
    .immediate();
}

export function getLowBalanceThreshold(db: Db, merchantId: number, env: Environment): number | null {
  const r = prep(db, 'SELECT low_balance_kobo FROM wallets WHERE merchant_id = ? AND environment = ?').get(
    merchantId,
    env,
  ) as { low_balance_kobo: number | null } | undefined;
  return r?.low_balance_kobo ?? null;
}

function appendLedgerEntry(db: Db, walletId: number, after: number, now: string, entry: LedgerEntry): void {
  prep(
    db,
    `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    walletId,
    entry.kind,
    entry.amountKobo,
    after,
    entry.purchaseId ?? null,
    entry.reason,
    entry.actor,
    now,
  );
}

/**
 * Credits (funding, with its `wallet.funded` event) or corrects (adjustment, either sign, with its
 * `wallet.adjusted` event) a wallet,
 * audited with the operator's reason (the console's fund form and the CLI's `wallet fund` alike).
 */
export function fundWallet(
  db: Db,
  input: {
    merchantId: number;
    merchantCode: string;
    env: Environment;
    amountKobo: number;
    kind?: 'funding' | 'adjustment';
    reason: string;
    actor: string;
  },
): number {
  const kind = input.kind ?? 'funding';
  if (kind === 'funding' && input.amountKobo <= 0)
    throw new InvalidInput('funding amount must be positive', 'amount');
  const reason = parseOperatorReason(input.reason, 'the ledger and the audit log');
  return db
    .transaction(() => {
      assertWalletHolds(db, input.merchantId, input.env, input.amountKobo);
      const after = postLedgerEntryFor(db, input.merchantId, input.env, {
        kind,
        amountKobo: input.amountKobo,
        reason,
        actor: input.actor,
      });
      const w = getWallet(db, input.merchantId, input.env);
      recordWalletMovementEvent(db, { ...w, merchantId: input.merchantId }, kind, input.amountKobo);
      recordAudit(db, input.actor, `wallet.${kind}`, input.merchantCode, {
        environment: input.env,
        amount_kobo: input.amountKobo,
        reason,
      });
      return after;
    })
    .immediate();
}

/**
 * A credit by an operator may not take a wallet above MAX_BALANCE_KOBO. Only fundings and
 * adjustments can: every other credit (a refund, a reversal) gives back a debit taken from
 * within the ceiling.
 */
function assertWalletHolds(db: Db, merchantId: number, env: Environment, amountKobo: number): void {
  if (amountKobo <= 0) return;
  const { balanceKobo } = getWallet(db, merchantId, env);
  if (balanceKobo + amountKobo <= MAX_BALANCE_KOBO) return;
  throw new InvalidInput(
    `this would take the ${env} wallet above ${formatKobo(MAX_BALANCE_KOBO)}, the most a wallet holds (balance ${formatKobo(balanceKobo)})`,
    'amount',
  );
}

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  amount_kobo: number;
  balance_after_kobo: number;
  purchase_id: number | null;
  internal_reference: string | null;
  reason: string;
  actor: string;
  created_at: string;
}

export function listLedger(
  db: Db,
  walletId: number,
  opts: { limit?: number; beforeId?: number } = {},
): LedgerRow[] {
  return prep(
    db,
    `SELECT l.id, l.kind, l.amount_kobo, l.balance_after_kobo, l.purchase_id, p.internal_reference, l.reason, l.actor, l.created_at
       FROM ledger_entries l LEFT JOIN purchases p ON p.id = l.purchase_id
       WHERE l.wallet_id = ? AND l.id < ? ORDER BY l.id DESC LIMIT ?`,
  ).all(walletId, opts.beforeId ?? Number.MAX_SAFE_INTEGER, opts.limit ?? 100) as LedgerRow[];
}

export interface LedgerProblem {
  wallet_id: number;
  merchant_code: string;
  environment: string;
  problem: string;
}

/** What a purchase check finds: the purchase, and its state and net where the check reads them. */
interface PurchaseFinding {
  merchant_id: number;
  environment: string;
  internal_reference: string;
  state: string;
  net: number;
}

/** Purchase-level ledger checks: each query finds the purchases breaking one rule, and says how. */
const PURCHASE_CHECKS: { sql: string; problem: (b: PurchaseFinding) => string }[] = [
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference, p.debit_kobo, d.amount_kobo FROM purchases p
         LEFT JOIN ledger_entries d ON d.purchase_id = p.id AND d.kind = 'debit'
         WHERE d.id IS NULL OR d.amount_kobo <> -p.debit_kobo`,
    problem: (b) => `purchase ${b.internal_reference} has no matching debit`,
  },
  // A refund returns a failed sale; it may stand beside a success only when a debit correction
  // took the money again after the sale was proven good.
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference, p.state FROM ledger_entries r JOIN purchases p ON p.id = r.purchase_id
         WHERE r.kind = 'refund' AND (r.amount_kobo <> p.debit_kobo OR (p.state <> 'failed' AND NOT EXISTS
           (SELECT 1 FROM ledger_entries c WHERE c.purchase_id = p.id AND c.kind = 'debit_correction')))`,
    problem: (b) => `purchase ${b.internal_reference} (${b.state}) has a wrong refund`,
  },
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference, p.state FROM ledger_entries c JOIN purchases p ON p.id = c.purchase_id
         WHERE c.kind = 'debit_correction' AND (c.amount_kobo <> -p.debit_kobo OR p.state = 'failed' OR NOT EXISTS
           (SELECT 1 FROM ledger_entries r WHERE r.purchase_id = p.id AND r.kind = 'refund'))`,
    problem: (b) => `purchase ${b.internal_reference} (${b.state}) has a wrong debit correction`,
  },
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference, p.state FROM ledger_entries v JOIN purchases p ON p.id = v.purchase_id
         WHERE v.kind = 'reversal' AND (p.state <> 'reversed' OR v.amount_kobo <> p.debit_kobo)`,
    problem: (b) => `purchase ${b.internal_reference} (${b.state}) has a wrong reversal`,
  },
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference FROM purchases p WHERE p.state = 'failed'
         AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.purchase_id = p.id AND r.kind = 'refund')`,
    problem: (b) => `failed purchase ${b.internal_reference} was not refunded`,
  },
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference FROM purchases p WHERE p.state = 'reversed'
         AND NOT EXISTS (SELECT 1 FROM ledger_entries v WHERE v.purchase_id = p.id AND v.kind = 'reversal')`,
    problem: (b) => `reversed purchase ${b.internal_reference} was not credited back`,
  },
  // Whatever path a sale took, what it holds of the wallet is its debit while it stands and
  // nothing once it failed or was reversed.
  {
    sql: `SELECT p.merchant_id, p.environment, p.internal_reference, p.state, SUM(e.amount_kobo) AS net FROM purchases p
         JOIN ledger_entries e ON e.purchase_id = p.id GROUP BY p.id
         HAVING net <> CASE WHEN p.state IN ('failed', 'reversed') THEN 0 ELSE -p.debit_kobo END`,
    problem: (b) => `purchase ${b.internal_reference} (${b.state}) nets ${formatKobo(b.net)} in the ledger`,
  },
];

export interface LedgerVerification {
  ok: boolean;
  wallets: number;
  problems: LedgerProblem[];
}

/**
 * Proves the wallet invariants: cached balance = sum of entries, never negative, every
 * running balance consistent, one debit per purchase, refunds only of failed purchases (or
 * taken back by a debit correction), reversals only of reversed ones, and each sale's net.
 * Every read is in one read transaction: the answer is the books at one instant, however many
 * sales another connection (the node, beside the CLI or the check's thread) commits meanwhile.
 * `onSnapshot` is told once that instant is taken (the first read done).
 */
export function verifyLedger(db: Db, onSnapshot: () => void = () => {}): LedgerVerification {
  return db.transaction(() => verifyLedgerInSnapshot(db, onSnapshot))();
}

function verifyLedgerInSnapshot(db: Db, onSnapshot: () => void): LedgerVerification {
  const wallets = prep(
    db,
    `SELECT w.id, w.merchant_id, w.balance_kobo, w.environment, m.code,
              (SELECT COALESCE(SUM(amount_kobo), 0) FROM ledger_entries WHERE wallet_id = w.id) AS sum_kobo,
              (SELECT COALESCE(MIN(balance_after_kobo), 0) FROM ledger_entries WHERE wallet_id = w.id) AS min_after
       FROM wallets w JOIN merchants m ON m.id = w.merchant_id ORDER BY w.id`,
  ).all() as {
    id: number;
    merchant_id: number;
    balance_kobo: number;
    environment: string;
    code: string;
    sum_kobo: number;
    min_after: number;
  }[];
  onSnapshot();
  const problems: LedgerProblem[] = [];
  for (const w of wallets) {
    const p = (problem: string) =>
      problems.push({ wallet_id: w.id, merchant_code: w.code, environment: w.environment, problem });
    if (w.balance_kobo !== w.sum_kobo)
      p(`cached balance ${formatKobo(w.balance_kobo)} ≠ ledger sum ${formatKobo(w.sum_kobo)}`);
    if (w.balance_kobo < 0 || w.min_after < 0) p('negative balance');
    let running = 0;
    for (const e of prep(
      db,
      'SELECT id, amount_kobo, balance_after_kobo FROM ledger_entries WHERE wallet_id = ? ORDER BY id',
    ).iterate(w.id) as IterableIterator<{ id: number; amount_kobo: number; balance_after_kobo: number }>) {
      running += e.amount_kobo;
      if (running !== e.balance_after_kobo) {
        p(
          `entry ${e.id}: running balance ${formatKobo(running)} ≠ recorded ${formatKobo(e.balance_after_kobo)}`,
        );
        break;
      }
    }
  }
  // A purchase's problem is told against the wallet it was paid from.
  const walletOf = new Map(wallets.map((w) => [`${w.merchant_id}|${w.environment}`, w]));
  for (const check of PURCHASE_CHECKS)
    for (const b of prep(db, check.sql).all() as PurchaseFinding[]) {
      const w = walletOf.get(`${b.merchant_id}|${b.environment}`);
      problems.push({
        wallet_id: w?.id ?? 0,
        merchant_code: w?.code ?? '',
        environment: b.environment,
        problem: check.problem(b),
      });
    }
  return { ok: problems.length === 0, wallets: wallets.length, problems };
}
