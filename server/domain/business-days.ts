import { DateTime } from 'luxon';
import { InvalidInput } from './errors.js';

/**
 * The calendar rules of the daily reports (spec "What the service does" item 8, DESIGN
 * "Schedules"): a report covers one local day 00:00:00-23:59:59 and goes out T+1 on the next
 * business day (Monday-Friday minus configured holidays). Pure: the clock is an argument.
 */

/** A calendar day in the report timezone, `YYYY-MM-DD`. */
export type Day = string;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: unknown): text is Day {
  return typeof text === 'string' && DAY.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}

export function parseDay(text: unknown, field = 'date'): Day {
  if (!isDay(text)) throw new InvalidInput(`${field} must be a calendar date YYYY-MM-DD`, field);
  return text;
}

/**
 * A list filter's instant, already shaped `2026-01-02T00:00:00(.000)Z` by the route's schema:
 * it must also be a real time (no 13th month, no 30 February), as stored (milliseconds, Z).
 */
export function parseUtcInstant(text: string, field: string): string {
  if (!DateTime.fromISO(text, { zone: 'UTC' }).isValid)
    throw new InvalidInput(
      `${field} ${text} is not a real UTC time; write it like 2026-01-02T00:00:00.000Z`,
      field,
    );
  return new Date(text).toISOString();
}

export function isValidTimezone(tz: unknown): tz is string {
  return typeof tz === 'string' && tz !== '' && DateTime.now().setZone(tz).isValid;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:MM`, 24-hour clock. */
export function isTimeOfDay(text: unknown): text is string {
  return typeof text === 'string' && TIME_OF_DAY.test(text);
}

/** `HH:MM`, 24-hour clock. */
export function parseTimeOfDay(text: unknown, field = 'send_time'): { hour: number; minute: number } {
  const m = typeof text === 'string' ? TIME_OF_DAY.exec(text) : null;
  if (!m) throw new InvalidInput(`${field} must be a time HH:MM (24-hour clock)`, field);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/**
 * The UTC instants bounding a local day: `from` inclusive, `to` exclusive (the next local
 * midnight), as ISO strings with milliseconds, the form purchases and ledger entries store.
 * luxon's day arithmetic keeps this right across DST changes in zones that have them.
 */
export function dayWindow(day: Day, tz: string): { from: string; to: string } {
  const start = DateTime.fromISO(day, { zone: tz }).startOf('day');
  return { from: start.toUTC().toISO()!, to: start.plus({ days: 1 }).toUTC().toISO()! };
}

/** The local calendar day of an instant. */
export function localDay(epochMs: number, tz: string): Day {
  return DateTime.fromMillis(epochMs, { zone: tz }).toISODate()!;
}

/** The UTC instant (ISO, as purchases are stamped) at which the local day holding `epochMs` began. */
export function localDayStart(epochMs: number, tz: string): string {
  return dayWindow(localDay(epochMs, tz), tz).from;
}

/** The CSV column of local times, named after the zone's city: `time_lagos`, `time_nairobi`, `time_utc`. */
export function localTimeColumn(tz: string): string {
  return `time_${(tz.split('/').pop() ?? tz).toLowerCase()}`;
}

/** Offsets by zone and quarter hour: a zone's offset changes only at a quarter hour of UTC. */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

function offsetMinutes(epochMs: number, tz: string): number {
  let zone = offsets.get(tz);
  if (!zone) offsets.set(tz, (zone = new Map()));
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    if (zone.size > 10_000) zone.clear();
    offset = DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone: tz }).offset;
    zone.set(quarter, offset);
  }
  return offset;
}

/**
 * `YYYY-MM-DD HH:MM:SS` of an ISO instant in the report timezone (CSV and e-mail rows). The
 * zone's offset is looked up once per quarter hour and the time written by Date: Luxon for
 * every row cost about 90 µs, most of a CSV export's time over a million sales.
 */
export function localTime(iso: string, tz: string): string {
  const ms = Date.parse(iso);
  // Luxon's own reading for anything Date does not parse (and its "Invalid DateTime").
  if (Number.isNaN(ms) || ms < 0 || ms >= 253402300800000)
    return DateTime.fromISO(iso, { zone: 'UTC' }).setZone(tz).toFormat('yyyy-MM-dd HH:mm:ss');
  const local = new Date(ms + offsetMinutes(ms, tz) * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

export function addDays(day: Day, n: number): Day {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: n }).toISODate()!;
}

/** ISO weekday of a day: 1 = Monday ... 7 = Sunday. */
export function weekday(day: Day): number {
  return DateTime.fromISO(day, { zone: 'UTC' }).weekday;
}

export function isBusinessDay(day: Day, holidays: readonly Day[]): boolean {
  return weekday(day) <= 5 && !holidays.includes(day);
}

/** The business day on which the report of `day` is due: the first business day after it. */
export function deliveryDayOf(day: Day, holidays: readonly Day[]): Day {
  let d = addDays(day, 1);
  // A year of consecutive holidays would be a configuration error; stop looking then.
  for (let i = 0; i < 366 && !isBusinessDay(d, holidays); i++) d = addDays(d, 1);
  return d;
}

/** Whether the local time of `epochMs` has reached the configured send time. */
export function sendTimeReached(epochMs: number, tz: string, sendTime: string): boolean {
  const { hour, minute } = parseTimeOfDay(sendTime);
  const local = DateTime.fromMillis(epochMs, { zone: tz });
  return local.hour * 60 + local.minute >= hour * 60 + minute;
}

export interface DueOptions {
  holidays: readonly Day[];
  /** How far back a missed day is still sent automatically (older days: the CLI). */
  lookbackDays: number;
  /** No report before this day (the merchant did not exist yet). */
  earliest?: Day;
}

/**
 * The report days that should have gone out by `today`: on a business day, every earlier day
 * within the lookback (Monday: Friday, Saturday and Sunday; after a holiday: the holiday and
 * the day before it too); on a weekend or holiday, none. The caller removes days already
 * delivered, which is what makes "every previous day not yet delivered" hold.
 */
export function reportDaysDue(today: Day, opts: DueOptions): Day[] {
  if (!isBusinessDay(today, opts.holidays)) return [];
  const days: Day[] = [];
  for (let back = Math.max(1, opts.lookbackDays); back >= 1; back--) {
    const d = addDays(today, -back);
    if (opts.earliest && d < opts.earliest) continue;
    days.push(d);
  }
  return days;
}

/** Days due by `today` and not in `delivered`. */
export function reportDaysToSend(today: Day, delivered: ReadonlySet<Day>, opts: DueOptions): Day[] {
  return reportDaysDue(today, opts).filter((d) => !delivered.has(d));
}
