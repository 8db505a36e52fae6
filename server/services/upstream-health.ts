import type { Services } from './context.js';
import { koboToApiNaira, readNairaAmount, type Kobo } from '../../common/money.js';
import { getSetting, SETTINGS } from '../store/settings.js';
import { listUpstreams } from '../store/upstreams.js';
import { latestBalanceReadings, recordBalanceReading } from '../store/upstream-balances.js';
import type { Upstream } from '../upstreams/types.js';

/**
 * Upstream health: each live upstream's balance is read every five minutes and kept
 * in SQLite; a balance under the low-balance threshold is logged as a warning and flagged for
 * the console, beside the upstream's circuit state.
 *
 * Threshold: the upstream's own `lowBalanceNaira` option, else the `upstream_low_balance_naira`
 * setting, else ₦50,000. Each is a Naira amount above zero (domain/upstream-options.ts and
 * services/operator-settings.ts refuse anything else where it is entered); a stored one that is
 * not is logged once and skipped (the setting's by store/settings.ts, naming its key).
 */

type Log = { warn: (o: object, m: string) => void };

export interface UpstreamHealth {
  name: string;
  type: 'simulator' | 'vending-api';
  enabled: boolean;
  circuit: ReturnType<Services['router']['breaker']['snapshot']>;
  /** Naira string of the last balance read, null when never read (or not reported). */
  balance: string | null;
  balance_checked_at: string | null;
  low_balance: boolean;
  low_balance_threshold: string;
  /** The last attempt, successful or not. */
  last_checked_at: string | null;
  last_error: string | null;
  /** Why the node cannot use it at all (its routes are unavailable), or null. */
  problem: string | null;
}

/** The unreadable thresholds already logged, per node: a bad value is said once, not every five minutes. */
const reported = new WeakMap<Services, Set<string>>();

function thresholdKobo(s: Services, name: string, options: Record<string, unknown>, log?: Log): Kobo {
  const value = options.lowBalanceNaira;
  if (value === null || value === undefined) return getSetting(s.db, SETTINGS.upstreamLowBalance);
  const read = readNairaAmount(typeof value === 'number' ? String(value) : value);
  if (read.ok) return read.kobo;
  const kobo = getSetting(s.db, SETTINGS.upstreamLowBalance);
  const seen = reported.get(s) ?? new Set<string>();
  reported.set(s, seen);
  const key = `${name}\u0000${JSON.stringify(value)}`;
  if (log && !seen.has(key)) {
    seen.add(key);
    log.warn(
      {
        upstream: name,
        source: `upstream ${name} option lowBalanceNaira`,
        value,
        applies: koboToApiNaira(kobo),
      },
      'low-balance threshold ignored: it is not a Naira amount above zero; set it again',
    );
  }
  return kobo;
}

/** Reads every enabled live upstream's balance once, records it, warns when low. */
export async function checkUpstreamBalances(s: Services, log?: Log): Promise<UpstreamHealth[]> {
  const records = new Map(listUpstreams(s.db).map((r) => [r.name, r]));
  // Simulators report no balance: nothing to read.
  const live = s.router.allLive().filter((u) => u.type === 'vending-api');
  await Promise.all(live.map((u) => readOne(s, u, records.get(u.name)?.options ?? {}, log)));
  return upstreamHealth(s);
}

/** What a reading keeps when the provider answered without a balance. */
export const BALANCE_NOT_REPORTED = 'The provider did not report a balance';

async function readOne(s: Services, u: Upstream, options: Record<string, unknown>, log?: Log): Promise<void> {
  let balance: number | null = null;
  let error: string | null = null;
  try {
    balance = await u.balance();
    if (balance === null) error = BALANCE_NOT_REPORTED;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  recordBalance(s, u.name, options, { balance, error }, log);
}

/**
 * Keeps one balance read (the 5-minute job's, "Read balances now" or a connection test's) for
 * the console, and warns when it is under the upstream's threshold.
 */
export function recordBalance(
  s: Services,
  name: string,
  options: Record<string, unknown>,
  read: { balance: number | null; error: string | null },
  log?: Log,
): void {
  const { balance, error } = read;
  const threshold = thresholdKobo(s, name, options, log);
  const low = balance !== null && balance < threshold;
  recordBalanceReading(s.db, {
    upstream_name: name,
    balance_kobo: balance,
    threshold_kobo: threshold,
    low_balance: low,
    error,
    checked_at: new Date(s.now()).toISOString(),
  });
  if (low) {
    log?.warn(
      { upstream: name, balance: koboToApiNaira(balance!), threshold: koboToApiNaira(threshold) },
      'upstream balance is low: fund it before purchases fail',
    );
  } else if (error) {
    log?.warn({ upstream: name, error }, 'upstream balance could not be read');
  }
}

/** What the console shows per upstream; reads SQLite and the circuit breaker, no network. */
export function upstreamHealth(s: Services): UpstreamHealth[] {
  const readings = latestBalanceReadings(s.db);
  return listUpstreams(s.db).map((r) => {
    const reading = readings.get(r.name);
    const ok = reading?.latestOk ?? null;
    return {
      name: r.name,
      type: r.type,
      enabled: r.enabled,
      circuit: s.router.breaker.snapshot(r.name),
      balance: ok?.balance_kobo != null ? koboToApiNaira(ok.balance_kobo) : null,
      balance_checked_at: ok?.checked_at ?? null,
      low_balance: ok?.low_balance ?? false,
      low_balance_threshold: koboToApiNaira(thresholdKobo(s, r.name, r.options)),
      last_checked_at: reading?.latest.checked_at ?? null,
      last_error: reading?.latest.error ?? null,
      problem: s.router.problemOf(r.name) ?? null,
    };
  });
}
