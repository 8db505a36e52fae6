import { DateTime } from 'luxon';
import type { Caller, Services } from './context.js';
import { getConsoleUserById } from '../store/console-users.js';
import { agentSoldKobo } from '../store/admin-queries.js';
import { quoteGiftcard } from './giftcards.js';
import { esimQuote } from './esim.js';
import { Forbidden } from '../domain/errors.js';
import { formatNaira, parseNaira, type Kobo } from '../domain/money.js';

/** The console's business day (the pages show Lagos time too). */
const LIMIT_TIMEZONE = 'Africa/Lagos';

export type ConsoleSale =
  | { kind: 'transaction'; body: Record<string, unknown> }
  | { kind: 'giftcard'; body: Record<string, unknown> }
  | { kind: 'esim'; body: Record<string, unknown> };

/** "₦1,234.50" for messages an agent reads. */
const naira = (kobo: Kobo) => {
  const [whole, frac] = formatNaira(kobo).split('.');
  return `₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

/**
 * What a console sale will take from the customer, or null when it cannot be told yet (an
 * invalid body: the sale itself then fails with its own message, so nothing is hidden).
 */
export function consoleSaleKobo(s: Services, caller: Caller, sale: ConsoleSale): Kobo | null {
  try {
    if (sale.kind === 'transaction') {
      return parseNaira(sale.body.amount);
    }
    if (sale.kind === 'giftcard') {
      const q = quoteGiftcard(s, caller, sale.body.plan_id, sale.body.face_value);
      const quantity = Number(sale.body.quantity ?? 1);
      return Number.isInteger(quantity) && quantity > 0 ? parseNaira(q.ngn_amount) * quantity : null;
    }
    return parseNaira(esimQuote(s, caller, String(sale.body.plan_id ?? '')).ngn_amount);
  } catch {
    return null;
  }
}

/**
 * The per-agent daily sales limit: what the agent sold today (Lagos day,
 * this environment, pending or successful) plus this sale may not pass the limit an admin
 * set. Read from the database on every sale, so a changed limit applies at once. Two sales
 * of one agent racing each other could both pass; a desk agent sells one at a time.
 */
export function assertWithinDailyLimit(s: Services, caller: Caller, sale: ConsoleSale): void {
  if (!caller.agentUserId) return;
  const user = getConsoleUserById(s.db, caller.agentUserId);
  const limit = user?.dailySalesLimitKobo ?? null;
  if (limit === null) return;
  const amount = consoleSaleKobo(s, caller, sale);
  if (amount === null) return;
  const dayStart = DateTime.fromMillis(s.now(), { zone: LIMIT_TIMEZONE }).startOf('day').toUTC().toISO()!;
  const sold = agentSoldKobo(s.db, caller.agentUserId, caller.environment, dayStart);
  if (sold + amount > limit) {
    const left = Math.max(0, limit - sold);
    throw new Forbidden(
      `this sale of ${naira(amount)} would pass your daily sales limit of ${naira(limit)}: ${naira(sold)} sold today, ${naira(left)} left; ask an administrator`,
    );
  }
}
