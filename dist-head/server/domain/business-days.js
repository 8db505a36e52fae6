import { DateTime } from 'luxon';
import { InvalidInput } from './errors.js';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isDay(text) {
    return typeof text === 'string' && DAY.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}
export function parseDay(text, field = 'date') {
    if (!isDay(text))
        throw new InvalidInput(`${field} must be a calendar date YYYY-MM-DD`, field);
    return text;
}
export function isValidTimezone(tz) {
    return typeof tz === 'string' && tz !== '' && DateTime.now().setZone(tz).isValid;
}
/** `HH:MM`, 24-hour clock. */
export function parseTimeOfDay(text, field = 'send_time') {
    const m = typeof text === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text) : null;
    if (!m)
        throw new InvalidInput(`${field} must be a time HH:MM (24-hour clock)`, field);
    return { hour: Number(m[1]), minute: Number(m[2]) };
}
/**
 * The UTC instants bounding a local day: `from` inclusive, `to` exclusive (the next local
 * midnight), as ISO strings with milliseconds, the form purchases and ledger entries store.
 * luxon's day arithmetic keeps this right across DST changes in zones that have them.
 */
export function dayWindow(day, tz) {
    const start = DateTime.fromISO(day, { zone: tz }).startOf('day');
    return { from: start.toUTC().toISO(), to: start.plus({ days: 1 }).toUTC().toISO() };
}
/** The local calendar day of an instant. */
export function localDay(epochMs, tz) {
    return DateTime.fromMillis(epochMs, { zone: tz }).toISODate();
}
/** `YYYY-MM-DD HH:MM:SS` of an ISO instant in the report timezone (CSV and e-mail rows). */
export function localTime(iso, tz) {
    return DateTime.fromISO(iso, { zone: 'UTC' }).setZone(tz).toFormat('yyyy-MM-dd HH:mm:ss');
}
export function addDays(day, n) {
    return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: n }).toISODate();
}
/** ISO weekday of a day: 1 = Monday ... 7 = Sunday. */
export function weekday(day) {
    return DateTime.fromISO(day, { zone: 'UTC' }).weekday;
}
export function isBusinessDay(day, holidays) {
    return weekday(day) <= 5 && !holidays.includes(day);
}
/** The business day on which the report of `day` is due: the first business day after it. */
export function deliveryDayOf(day, holidays) {
    let d = addDays(day, 1);
    // A year of consecutive holidays would be a configuration error; stop looking then.
    for (let i = 0; i < 366 && !isBusinessDay(d, holidays); i++)
        d = addDays(d, 1);
    return d;
}
/** Whether the local time of `epochMs` has reached the configured send time. */
export function sendTimeReached(epochMs, tz, sendTime) {
    const { hour, minute } = parseTimeOfDay(sendTime);
    const local = DateTime.fromMillis(epochMs, { zone: tz });
    return local.hour * 60 + local.minute >= hour * 60 + minute;
}
/**
 * The report days that should have gone out by `today`: on a business day, every earlier day
 * within the lookback (Monday: Friday, Saturday and Sunday; after a holiday: the holiday and
 * the day before it too); on a weekend or holiday, none. The caller removes days already
 * delivered, which is what makes "every previous day not yet delivered" hold.
 */
export function reportDaysDue(today, opts) {
    if (!isBusinessDay(today, opts.holidays))
        return [];
    const days = [];
    for (let back = Math.max(1, opts.lookbackDays); back >= 1; back--) {
        const d = addDays(today, -back);
        if (opts.earliest && d < opts.earliest)
            continue;
        days.push(d);
    }
    return days;
}
/** Days due by `today` and not in `delivered`. */
export function reportDaysToSend(today, delivered, opts) {
    return reportDaysDue(today, opts).filter((d) => !delivered.has(d));
}
//# sourceMappingURL=business-days.js.map