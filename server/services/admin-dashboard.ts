import { DateTime } from 'luxon';
import type { Services } from './context.js';
import type { Environment } from '../store/credentials-crypto.js';
import { pendingCounts, salesByProductAndState, walletTotal } from '../store/admin-queries.js';
import { upstreamHealth } from './upstream-health.js';
import { lastCatalogSync } from './catalog-sync.js';
import { koboToApiNaira } from '../../common/money.js';
import { failingEndpoints } from '../store/webhook-deliveries.js';
import { businessTimezone } from '../store/settings.js';
import { compareProducts } from '../../common/products.js';

const STATES = ['success', 'pending', 'failed'] as const;

/**
 * The operator's morning glance: today's sales of every merchant by
 * product and status, what the wallets hold, what is pending or needs an admin, and the
 * health of each upstream (balance and circuit, read from SQLite and memory: no network).
 */
export function dashboard(s: Services, env: Environment) {
  // The dashboard's "today" is the business day, like every page of the console.
  const timezone = businessTimezone(s.db);
  const today = DateTime.fromMillis(s.now(), { zone: timezone }).startOf('day');
  const from = today.toUTC().toISO()!;
  const to = today.plus({ days: 1 }).toUTC().toISO()!;
  const tallies = salesByProductAndState(s.db, env, from, to);

  const products = new Map<string, Record<(typeof STATES)[number], { count: number; amount_kobo: number }>>();
  const totals = Object.fromEntries(STATES.map((st) => [st, { count: 0, amount_kobo: 0 }])) as Record<
    (typeof STATES)[number],
    { count: number; amount_kobo: number }
  >;
  for (const t of tallies) {
    const row =
      products.get(t.product) ??
      (Object.fromEntries(STATES.map((st) => [st, { count: 0, amount_kobo: 0 }])) as Record<
        (typeof STATES)[number],
        { count: number; amount_kobo: number }
      >);
    // A reversed sale's money went back to the wallet: the day's tiles count it with the failed ones.
    const st = t.state === 'reversed' ? 'failed' : t.state;
    row[st].count += t.count;
    row[st].amount_kobo += t.amount_kobo;
    totals[st].count += t.count;
    totals[st].amount_kobo += t.amount_kobo;
    products.set(t.product, row);
  }
  const cell = (c: { count: number; amount_kobo: number }) => ({
    count: c.count,
    amount: koboToApiNaira(c.amount_kobo),
  });
  const wallets = walletTotal(s.db, env);
  const health = upstreamHealth(s);
  const sync = lastCatalogSync(s);
  return {
    environment: env,
    date: today.toFormat('yyyy-LL-dd'),
    timezone,
    sales: [...products]
      .sort(([a], [b]) => compareProducts(a, b))
      .map(([product, row]) => ({
        product,
        success: cell(row.success),
        pending: cell(row.pending),
        failed: cell(row.failed),
      })),
    totals: { success: cell(totals.success), pending: cell(totals.pending), failed: cell(totals.failed) },
    wallets: { balance: wallets.balance, count: wallets.wallets },
    pending: pendingCounts(s.db, env),
    upstreams: health,
    low_balance_upstreams: health.filter((h) => h.low_balance).map((h) => h.name),
    open_circuits: health.filter((h) => h.circuit.state !== 'closed').map((h) => h.name),
    // Endpoints with failed deliveries or ones being retried, both environments: an integrator is missing events.
    failing_webhooks: failingEndpoints(s.db).map((w) => ({ ...w, endpoint_id: `we_${w.endpoint_id}` })),
    catalog_sync: sync ? { finished_at: sync.finished_at, ok: sync.ok, trigger: sync.trigger } : null,
  };
}
