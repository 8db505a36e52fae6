import { Forbidden } from './errors.js';
import type { Kobo } from './money.js';
import { formatKobo as naira } from '../../common/money-display.js';

/** Refuses a sale that would take an agent's sales today past the limit an admin set. */
export function checkDailySalesLimit(limit: Kobo | null, soldToday: Kobo, amount: Kobo): void {
  if (limit === null || soldToday + amount <= limit) return;
  const left = Math.max(0, limit - soldToday);
  throw new Forbidden(
    `this sale of ${naira(amount)} would pass your daily sales limit of ${naira(limit)}: ${naira(soldToday)} sold today, ${naira(left)} left; ask an administrator`,
  );
}
