import { formatNaira, parseNaira } from '../domain/money.js';
import { getSetting } from '../store/settings.js';
import { listUpstreams } from '../store/upstreams.js';
import { latestBalanceReadings, recordBalanceReading } from '../store/upstream-balances.js';
/**
 * Upstream health (issue 5): each live upstream's balance is read every five minutes and kept
 * in SQLite; a balance under the low-balance threshold is logged as a warning and flagged for
 * the console, beside the upstream's circuit state.
 *
 * Threshold: the upstream's own `lowBalanceNaira` option, else the `upstream_low_balance_naira`
 * setting, else ₦50,000.
 */
export const UPSTREAM_HEALTH_CRON = '0 */5 * * * *';
export const DEFAULT_LOW_BALANCE_NAIRA = '50000.00';
function thresholdKobo(s, options) {
    for (const v of [
        options.lowBalanceNaira,
        getSetting(s.db, 'upstream_low_balance_naira', null),
        DEFAULT_LOW_BALANCE_NAIRA,
    ]) {
        try {
            if (v !== null && v !== undefined)
                return parseNaira(typeof v === 'number' ? String(v) : v, 'lowBalanceNaira');
        }
        catch {
            // An unreadable threshold falls through to the next source.
        }
    }
    return parseNaira(DEFAULT_LOW_BALANCE_NAIRA);
}
/** Reads every enabled live upstream's balance once, records it, warns when low. */
export async function checkUpstreamBalances(s, log) {
    const records = new Map(listUpstreams(s.db).map((r) => [r.name, r]));
    // Simulators report no balance: nothing to read.
    const live = s.router.allLive().filter((u) => u.type === 'vending-api');
    await Promise.all(live.map((u) => readOne(s, u, records.get(u.name)?.options ?? {}, log)));
    return upstreamHealth(s);
}
async function readOne(s, u, options, log) {
    const threshold = thresholdKobo(s, options);
    let balance = null;
    let error = null;
    try {
        balance = await u.balance();
        if (balance === null)
            error = 'The provider did not report a balance';
    }
    catch (err) {
        error = err instanceof Error ? err.message : String(err);
    }
    const low = balance !== null && balance < threshold;
    recordBalanceReading(s.db, {
        upstream_name: u.name,
        balance_kobo: balance,
        threshold_kobo: threshold,
        low_balance: low,
        error,
        checked_at: new Date(s.now()).toISOString(),
    });
    if (low) {
        log?.warn({ upstream: u.name, balance: formatNaira(balance), threshold: formatNaira(threshold) }, 'upstream balance is low: fund it before purchases fail');
    }
    else if (error) {
        log?.warn({ upstream: u.name, error }, 'upstream balance could not be read');
    }
}
/** What the console shows per upstream; reads SQLite and the circuit breaker, no network. */
export function upstreamHealth(s) {
    const readings = latestBalanceReadings(s.db);
    return listUpstreams(s.db).map((r) => {
        const reading = readings.get(r.name);
        const ok = reading?.latestOk ?? null;
        return {
            name: r.name,
            type: r.type,
            enabled: r.enabled,
            circuit: s.router.breaker.snapshot(r.name),
            balance: ok?.balance_kobo != null ? formatNaira(ok.balance_kobo) : null,
            balance_checked_at: ok?.checked_at ?? null,
            low_balance: ok?.low_balance ?? false,
            low_balance_threshold: formatNaira(thresholdKobo(s, r.options)),
            last_checked_at: reading?.latest.checked_at ?? null,
            last_error: reading?.latest.error ?? null,
        };
    });
}
export function upstreamHealthJob(s, log) {
    return { expression: UPSTREAM_HEALTH_CRON, run: () => checkUpstreamBalances(s, log) };
}
//# sourceMappingURL=upstream-health.js.map