import { nowIso, prep, type Db } from './db.js';
import type { Environment } from './credentials-crypto.js';
import { DuplicateRequest } from '../domain/errors.js';
import Database from 'better-sqlite3';
import { postLedgerEntryFor } from './wallets.js';
import { newInternalReference } from './merchants.js';
import { noteChange } from './change-counter.js';
import { enqueueJob } from './vend-jobs.js';
import { checkDailySalesLimit } from '../domain/sales-limit.js';
import { agentSoldKobo } from './agent-sales.js';
import { localDayStart } from '../domain/business-days.js';
import { businessTimezone } from './settings.js';
import {
  getPurchaseByKey,
  PURCHASE_COLUMNS,
  purchaseOf,
  type NewPurchase,
  type Purchase,
  type PurchaseValues,
} from './purchases.js';

/**
 * Stores a purchase, debits its wallet and enqueues its vend job: all or nothing.
 * Runs inside the caller's transaction (the commit batcher's, with a savepoint when batched).
 * A used key is a DuplicateRequest; a short wallet throws InsufficientBalance and leaves no
 * trace, so the key stays free for a retry after funding.
 */
export function createPurchase(db: Db, input: NewPurchase, clock: () => number = Date.now): Purchase {
  if (input.agentUserId)
    assertAgentDailyLimit(db, input.agentUserId, input.environment, input.amountKobo, clock());
  const now = nowIso(db);
  const ref = newInternalReference();
  // Every column is written, so the stored row is exactly these values (no RETURNING to read back).
  const values: PurchaseValues = [
    0,
    ref,
    input.merchantId,
    input.environment,
    input.idemKey,
    input.kind,
    input.surface,
    input.product,
    input.network,
    input.msisdn,
    input.phone ?? null,
    input.planRef ?? '',
    input.planId ?? null,
    input.planName ?? '',
    input.amountText,
    input.amountKobo,
    input.debitKobo,
    input.quantity ?? 1,
    JSON.stringify(input.details ?? {}),
    'pending',
    null,
    null,
    null,
    null,
    0,
    input.agentUserId ?? null,
    now,
    now,
    null,
    null,
    null,
  ];
  try {
    values[0] = Number(prep(db, INSERT_PURCHASE).run(...values.slice(1)).lastInsertRowid);
  } catch (error) {
    // The (merchant, environment, key) unique index is the idempotency check itself.
    if (isUsedKeyError(error))
      throw new DuplicateRequest(
        input.idemKey,
        getPurchaseByKey(db, input.merchantId, input.environment, input.idemKey)?.kind,
      );
    throw error;
  }
  const row = purchaseOf(values, db);
  postLedgerEntryFor(db, input.merchantId, input.environment, {
    kind: 'debit',
    amountKobo: -input.debitKobo,
    purchaseId: row.id,
    reason: `${input.product} ${ref}`,
    actor: input.actor,
    // The sale's own instant: a clock that ticks past midnight in between would put the sale on
    // one day's report and its debit on the next day's wallet movements.
    at: now,
  });
  enqueueJob(db, row.id);
  noteChange(db, 'purchases');
  return row;
}

/** Every column but the id, one placeholder each. */
const INSERT_PURCHASE = `INSERT INTO purchases (${PURCHASE_COLUMNS.slice('id, '.length)})
  VALUES (${PURCHASE_COLUMNS.split(', ')
    .slice(1)
    .map(() => '?')
    .join(', ')})`;

/**
 * An agent's daily sales limit, checked in the transaction that stores the sale: sales sent
 * at once are written one after another, each seeing those before it, so they cannot all
 * pass. The day is the business day (timezone setting) at `nowMs`, read from the node's clock,
 * the one the early check (services/admin-sales-limit.ts) reads: both agree on what today is.
 */
function assertAgentDailyLimit(
  db: Db,
  agentUserId: number,
  env: Environment,
  amountKobo: number,
  nowMs: number,
): void {
  const limit =
    (prep(db, 'SELECT daily_sales_limit_kobo FROM console_users WHERE id = ?').pluck().get(agentUserId) as
      number | null | undefined) ?? null;
  if (limit === null) return;
  const sold = agentSoldKobo(db, agentUserId, env, localDayStart(nowMs, businessTimezone(db)));
  checkDailySalesLimit(limit, sold, amountKobo);
}

function isUsedKeyError(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes('purchases.idem_key')
  );
}
