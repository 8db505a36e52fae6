import type { Db } from './db.js';
import { prep } from './db.js';

/** Upstream balance readings, kept for the console. */

export interface BalanceReading {
  upstream_name: string;
  balance_kobo: number | null;
  threshold_kobo: number;
  low_balance: boolean;
  error: string | null;
  checked_at: string;
}

export function recordBalanceReading(db: Db, r: BalanceReading): void {
  const id = Number(
    prep(
      db,
      'INSERT INTO upstream_balance_readings (upstream_name, balance_kobo, threshold_kobo, low_balance, error, checked_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(r.upstream_name, r.balance_kobo, r.threshold_kobo, r.low_balance ? 1 : 0, r.error, r.checked_at)
      .lastInsertRowid,
  );
  // Every 5 minutes: keep about a week per upstream.
  prep(
    db,
    'DELETE FROM upstream_balance_readings WHERE upstream_name = ? AND id < ? AND id NOT IN (SELECT id FROM upstream_balance_readings WHERE upstream_name = ? ORDER BY id DESC LIMIT 2016)',
  ).run(r.upstream_name, id, r.upstream_name);
}

type ReadingRow = Omit<BalanceReading, 'low_balance'> & { low_balance: number };
const toReading = (r: ReadingRow): BalanceReading => ({ ...r, low_balance: r.low_balance === 1 });

/** Per upstream: its latest reading, and its latest one that read a balance. */
export function latestBalanceReadings(
  db: Db,
): Map<string, { latest: BalanceReading; latestOk: BalanceReading | null }> {
  const out = new Map<string, { latest: BalanceReading; latestOk: BalanceReading | null }>();
  const latest = prep(
    db,
    'SELECT * FROM upstream_balance_readings WHERE id IN (SELECT MAX(id) FROM upstream_balance_readings GROUP BY upstream_name)',
  ).all() as ReadingRow[];
  const latestOk = prep(
    db,
    'SELECT * FROM upstream_balance_readings WHERE id IN (SELECT MAX(id) FROM upstream_balance_readings WHERE balance_kobo IS NOT NULL GROUP BY upstream_name)',
  ).all() as ReadingRow[];
  for (const r of latest) out.set(r.upstream_name, { latest: toReading(r), latestOk: null });
  for (const r of latestOk) {
    const e = out.get(r.upstream_name);
    if (e) e.latestOk = toReading(r);
  }
  return out;
}
