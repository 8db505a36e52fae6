import { externalDataVersion, prep, type Db } from './db.js';

/**
 * The time the books are stamped with: the computer's clock, except that it never runs backwards
 * for one database. Ledger pages, reports, cash-ups and the event feed read records in
 * `created_at, id` order and cut days and shifts by `created_at`, which holds only while each new
 * stamp is at or after the last. A point-of-sale PC whose clock NTP sets back by minutes or hours
 * (or that restarts with its clock reset) would otherwise stamp new sales before older ones: a
 * ledger export's balances out of order, a sale put into a day already reported or a shift
 * already cashed up. While the clock is behind the last stamp, time goes on from that stamp at
 * HELD_RATE of the monotonic clock's rate, until the computer's clock catches up.
 *
 * Only for a step of up to MAX_STAMP_HOLD_MS. A clock further behind the books is taken as the
 * right one: the likelier story is a clock that was set ahead (a wrong date typed in) and has
 * been corrected, and holding its stamps would date every sale that far ahead, for days or years,
 * until the real time caught up. Those books then go by the clock again, and the node says so.
 */
export const MAX_STAMP_HOLD_MS = 60 * 60_000;

/**
 * How fast held time goes on, against the monotonic clock. Slower than the computer's clock, so
 * the clock catches up (after twice the step): at the full rate, a desk stamping anything more
 * often than the step stayed the step ahead for as long as the node ran. Still moving, so a
 * cash-up closed meanwhile ends after the sales made before it.
 */
export const HELD_RATE = 0.5;

/** Told how far the books' last stamp was ahead of the clock when stamps went back to the clock. */
export type StampsFollowClock = (aheadMs: number) => void;

interface StampClock {
  /** The latest stamp given (fractional while held). */
  lastMs: number;
  /** performance.now() when it was given. */
  perfAt: number;
  /** The last stamp's ISO text, formatted once per millisecond (a sale asks four or five times). */
  isoMs: number;
  iso: string;
  onFollowClock: StampsFollowClock | null;
  /** A step past the hold made before anyone listened (at opening), told to the first listener. */
  untoldAheadMs: number | null;
  /** SQLite's data_version when the books were last read (null: never, not opened as a store). */
  booksReadAt: number | null;
}

const clocks = new WeakMap<Db, StampClock>();

function clockOf(db: Db): StampClock {
  let c = clocks.get(db);
  if (!c)
    clocks.set(
      db,
      (c = {
        lastMs: -Infinity,
        perfAt: 0,
        isoMs: NaN,
        iso: '',
        onFollowClock: null,
        untoldAheadMs: null,
        booksReadAt: null,
      }),
    );
  return c;
}

/** The books' time now, in milliseconds: the computer's clock, or later when it was set back. */
export function stampMs(db: Db): number {
  const c = clockOf(db);
  const wall = Date.now();
  // Another process on the database (the CLI) may have stamped records, or sent a day's
  // report, since the books were read: they hold this one's stamps too.
  if (c.booksReadAt !== null && externalDataVersion(db) !== c.booksReadAt)
    holdStampsFromBooks(db, wall + MAX_STAMP_HOLD_MS);
  const perf = performance.now();
  if (wall >= c.lastMs) c.lastMs = wall;
  else {
    const held = c.lastMs + Math.max(0, perf - c.perfAt) * HELD_RATE;
    if (held - wall <= MAX_STAMP_HOLD_MS) c.lastMs = held;
    else {
      c.lastMs = wall;
      if (c.onFollowClock) c.onFollowClock(held - wall);
      else c.untoldAheadMs = held - wall;
    }
  }
  c.perfAt = perf;
  return Math.floor(c.lastMs);
}

/** `fn` is told each time the books' stamps go back to a clock more than the hold behind them. */
export function onStampsFollowClock(db: Db, fn: StampsFollowClock): void {
  const c = clockOf(db);
  c.onFollowClock = fn;
  if (c.untoldAheadMs !== null) fn(c.untoldAheadMs);
  c.untoldAheadMs = null;
}

/** The books' time now as ISO 8601 text (UTC, milliseconds). */
export function nowIso(db: Db): string {
  const ms = stampMs(db);
  const c = clockOf(db);
  if (ms !== c.isoMs) {
    c.isoMs = ms;
    c.iso = new Date(ms).toISOString();
  }
  return c.iso;
}

/**
 * No stamp of this database will be earlier than `ms` (an ISO text or milliseconds): at opening,
 * the latest instant the books already hold; after a day's report is sent, that day's end.
 */
export function holdStampsAtLeast(db: Db, at: number | string): void {
  const ms = typeof at === 'string' ? Date.parse(at) : at;
  if (!Number.isFinite(ms)) return;
  const c = clockOf(db);
  if (ms > c.lastMs) {
    c.lastMs = ms;
    c.perfAt = performance.now();
  }
}

/** The latest instant stamped on the books: the newest ledger entry, purchase, event or report sent. */
const LATEST_STAMPS = [
  'SELECT created_at FROM ledger_entries ORDER BY id DESC LIMIT 1',
  'SELECT updated_at FROM purchases ORDER BY id DESC LIMIT 1',
  'SELECT created_at FROM events ORDER BY id DESC LIMIT 1',
  'SELECT created_at FROM agent_cashups ORDER BY id DESC LIMIT 1',
  'SELECT MAX(sent_at) FROM report_deliveries',
];

/**
 * At opening, and when another process has written since: new stamps start at or after the
 * latest one the database holds (see above). Those later than `upToMs` are passed over: read
 * again after the CLI wrote, a stamp past the hold would only tell of it once more.
 */
export function holdStampsFromBooks(db: Db, upToMs = Infinity): void {
  clockOf(db).booksReadAt = externalDataVersion(db);
  for (const sql of LATEST_STAMPS) {
    const at = prep(db, sql).pluck().get() as string | null | undefined;
    if (at && Date.parse(at) <= upToMs) holdStampsAtLeast(db, at);
  }
}
