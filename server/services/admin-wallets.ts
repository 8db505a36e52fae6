import { formatKobo } from '../../common/money-display.js';
import type { Db } from '../store/db.js';
import type { Environment } from '../store/credentials-crypto.js';
import { requireMerchant } from '../store/merchants.js';
import { fundWallet, getWallet, setLowBalanceThreshold } from '../store/wallets.js';
import { InsufficientBalance, InvalidInput } from '../domain/errors.js';
import { parseNaira } from '../domain/money.js';

/**
 * A merchant's wallet as the console's Wallets page and the CLI's `wallet fund|threshold` change
 * it: one function per action, so the two edges cannot drift apart.
 */

/** Where a negative funding amount is sent: the console has an Adjustment; the CLI only funds. */
export const CONSOLE_TAKE_OUT_HINT = 'use an adjustment to take money out';
export const CLI_TAKE_OUT_HINT = "the console's Wallets → Adjustment takes money out";

/** Funding is a positive Naira amount; an adjustment may be negative ("-250.00") to correct an error. */
export function parseSignedAmount(
  kind: 'funding' | 'adjustment',
  amount: string,
  takeOutHint = CONSOLE_TAKE_OUT_HINT,
): number {
  const negative = amount.startsWith('-');
  if (negative && kind === 'funding')
    throw new InvalidInput(`a funding amount must be positive; ${takeOutHint}`, 'amount');
  const kobo = parseNaira(negative ? amount.slice(1) : amount, 'amount');
  return negative ? -kobo : kobo;
}

/**
 * Funds or adjusts a merchant's wallet (the amount as typed, trimmed): one ledger entry, audited
 * with who and why. Returns the balance after it.
 */
export function fundMerchantWallet(
  s: { db: Db },
  input: {
    code: string;
    env: Environment;
    kind: 'funding' | 'adjustment';
    amount: string;
    reason: string;
    actor: string;
    takeOutHint?: string;
  },
): number {
  const merchant = requireMerchant(s.db, input.code);
  const amountKobo = parseSignedAmount(input.kind, input.amount.trim(), input.takeOutHint);
  try {
    return fundWallet(s.db, {
      merchantId: merchant.id,
      merchantCode: merchant.code,
      env: input.env,
      amountKobo,
      kind: input.kind,
      reason: input.reason,
      actor: input.actor,
    });
  } catch (err) {
    if (err instanceof InsufficientBalance) {
      throw new InvalidInput(
        `this adjustment would take the ${input.env} wallet below zero (balance ${formatKobo(getWallet(s.db, merchant.id, input.env).balanceKobo)})`,
        'amount',
      );
    }
    throw err;
  }
}

/**
 * Sets the balance below which the merchant is alerted (e-mail and wallet.low_balance); no
 * amount (null or empty) turns the alert off. Returns the threshold now, in kobo.
 */
export function setLowBalanceAlert(
  s: { db: Db },
  input: { code: string; env: Environment; amount: string | null; actor: string },
): number | null {
  const m = requireMerchant(s.db, input.code);
  const w = setLowBalanceThreshold(s.db, {
    merchantId: m.id,
    merchantCode: m.code,
    env: input.env,
    thresholdKobo: input.amount === null || input.amount === '' ? null : parseNaira(input.amount, 'amount'),
    actor: input.actor,
  });
  return w.lowBalanceKobo;
}
