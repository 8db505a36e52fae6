/**
 * The console shows times and days in the node's business timezone (a setting the session
 * carries), whatever the desk PC's own clock zone. Until a session is known it uses the PC's.
 */
let zone: string | undefined;
let dateTime = dateTimeFormat(undefined);

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

/** Called with the session's business timezone; an unknown zone leaves the PC's own. */
export function setBusinessTimezone(timeZone: string): void {
  if (timeZone === zone) return;
  try {
    dateTime = dateTimeFormat(timeZone);
    zone = timeZone;
  } catch {
    // RangeError: the browser does not know this zone; the PC's zone is the best we can show.
  }
}

/** The zone's place as people name it, for column headers: "Africa/Lagos" -> "Lagos". */
export function businessZoneLabel(): string {
  const tz = zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (tz.split('/').pop() ?? tz).replace(/_/g, ' ');
}

/** ISO UTC -> "22 Nov 2026, 14:05:09". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

/**
 * formatDateTime's day and time apart ("22 Nov 2026," and "14:05:09"), for a table cell that may
 * put the day over the time where its column is narrow, never break inside either.
 */
export function dateTimeParts(iso: string): string[] {
  return formatDateTime(iso).split(/(?<=,) /);
}

/** Today's date in the business timezone as YYYY-MM-DD, for date-range defaults. */
export function businessToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A calendar day "2026-03-10" as the console writes days: "10 Mar 2026" (as typed when not a day). */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(d.getTime())
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(d)
    : day;
}
