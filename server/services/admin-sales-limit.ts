import type { Caller, Services } from './context.js';
import { getConsoleUserById } from '../store/console-users.js';
import { agentSoldKobo } from '../store/agent-sales.js';
import { quoteGiftcard } from './giftcards.js';
import { esimQuote } from './esim.js';
import { parseNaira, type Kobo } from '../domain/money.js';
import { checkDailySalesLimit } from '../domain/sales-limit.js';
import { localDayStart } from '../domain/business-days.js';
import { businessTimezone } from '../store/settings.js';

export type ConsoleSale =
  | { kind: 'transaction'; body: Record<string, unknown> }
  | { kind: 'giftcard'; body: Record<string, unknown> }
  | { kind: 'esim'; body: Record<string, unknown> };

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
 * The per-agent daily sales limit: what the agent sold today (business day, this environment,
 * pending or successful) plus this sale may not pass the limit an admin set. Read from the
 * database on every sale, so a changed limit applies at once. This early check answers before
 * a bill is verified or an upstream asked; the binding one runs again inside the purchase's
 * own transaction (createPurchase), so parallel sales cannot all pass it.
 */
export function assertWithinDailyLimit(s: Services, caller: Caller, sale: ConsoleSale): void {
  if (!caller.agentUserId) return;
  const user = getConsoleUserById(s.db, caller.agentUserId);
  const limit = user?.dailySalesLimitKobo ?? null;
  if (limit === null) return;
  const amount = consoleSaleKobo(s, caller, sale);
  if (amount === null) return;
  const sold = agentSoldKobo(
    s.db,
    caller.agentUserId,
    caller.environment,
    localDayStart(s.now(), businessTimezone(s.db)),
  );
  checkDailySalesLimit(limit, sold, amount);
}
