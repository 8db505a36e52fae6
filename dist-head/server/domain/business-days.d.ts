/**
 * The calendar rules of the daily reports (spec "What the service does" item 8, DESIGN
 * "Schedules"): a report covers one local day 00:00:00-23:59:59 and goes out T+1 on the next
 * business day (Monday-Friday minus configured holidays). Pure: the clock is an argument.
 */
/** A calendar day in the report timezone, `YYYY-MM-DD`. */
export type Day = string;
export declare function isDay(text: unknown): text is Day;
export declare function parseDay(text: unknown, field?: string): Day;
export declare function isValidTimezone(tz: unknown): tz is string;
/** `HH:MM`, 24-hour clock. */
export declare function parseTimeOfDay(text: unknown, field?: string): {
    hour: number;
    minute: number;
};
/**
 * The UTC instants bounding a local day: `from` inclusive, `to` exclusive (the next local
 * midnight), as ISO strings with milliseconds, the form purchases and ledger entries store.
 * luxon's day arithmetic keeps this right across DST changes in zones that have them.
 */
export declare function dayWindow(day: Day, tz: string): {
    from: string;
    to: string;
};
/** The local calendar day of an instant. */
export declare function localDay(epochMs: number, tz: string): Day;
/** `YYYY-MM-DD HH:MM:SS` of an ISO instant in the report timezone (CSV and e-mail rows). */
export declare function localTime(iso: string, tz: string): string;
export declare function addDays(day: Day, n: number): Day;
/** ISO weekday of a day: 1 = Monday ... 7 = Sunday. */
export declare function weekday(day: Day): number;
export declare function isBusinessDay(day: Day, holidays: readonly Day[]): boolean;
/** The business day on which the report of `day` is due: the first business day after it. */
export declare function deliveryDayOf(day: Day, holidays: readonly Day[]): Day;
/** Whether the local time of `epochMs` has reached the configured send time. */
export declare function sendTimeReached(epochMs: number, tz: string, sendTime: string): boolean;
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
export declare function reportDaysDue(today: Day, opts: DueOptions): Day[];
/** Days due by `today` and not in `delivered`. */
export declare function reportDaysToSend(today: Day, delivered: ReadonlySet<Day>, opts: DueOptions): Day[];
