import { formatNaira } from '../../../common/money-display.js';

/** A delivered report's summary as the deliveries table reads it (stored with the delivery). */
export interface DeliverySummary {
  transactions?: number;
  totals?: { count: number; amount: string };
}

/**
 * The "Sales" cell: what was sold (successful sales) beside its amount, and every state's
 * count apart, as the report itself says them ("23 sold · ₦130,379.00", "33 in any state").
 * Pairing the every-state count with the sold amount read as "33 sales for ₦130,379".
 */
export function deliverySalesLines(summary: DeliverySummary | null | undefined): {
  sold: string;
  all: string;
} {
  if (!summary?.totals)
    return { sold: summary?.transactions === undefined ? '—' : String(summary.transactions), all: '' };
  return {
    sold: `${summary.totals.count} sold · ${formatNaira(summary.totals.amount)}`,
    all: summary.transactions === undefined ? '' : `${summary.transactions} in any state`,
  };
}
