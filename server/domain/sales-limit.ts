import { BUSINESS_TIMEZONE } from './business-timezone.js';
import { DateTime } from 'luxon';
import { Forbidden } from './errors.js';
import type { Kobo } from './money.js';
import { formatKobo as naira } from '../../common/money-display.js';

/** The console's business day for an agent's daily sales limit (the pages show Lagos time). */
export const SALES_LIMIT_TIMEZONE = BUSINESS_TIMEZONE;

/** Start of the Lagos day holding `nowMs`, as the UTC ISO text purchases are stamped with. */
export function salesDayStartIso(nowMs: number): string {
  return DateTime.fromMillis(nowMs, { zone: SALES_LIMIT_TIMEZONE }).startOf('day').toUTC().toISO()!;
}

/** Refuses a sale that would take an agent's sales today past the limit an admin set. */
export function checkDailySalesLimit(limit: Kobo | null, soldToday: Kobo, amount: Kobo): void {
  if (limit === null || soldToday + amount <= limit) return;
  const left = Math.max(0, limit - soldToday);
  throw new Forbidden(
    `this sale of ${naira(amount)} would pass your daily sales limit of ${naira(limit)}: ${naira(soldToday)} sold today, ${naira(left)} left; ask an administrator`,
  );
}
