/** The console shows times in Lagos (WAT), whatever the desk PC's own clock zone. */
const LAGOS = 'Africa/Lagos';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAGOS,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** ISO UTC -> "22 Nov 2026, 14:05:09". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

/** Today's date in Lagos as YYYY-MM-DD, for date-range defaults. */
export function lagosToday(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: LAGOS,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}
