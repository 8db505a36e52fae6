import { describe, expect, it } from 'vitest';
import {
  businessToday,
  businessZoneLabel,
  dateTimeParts,
  formatDateTime,
  formatDay,
  setBusinessTimezone,
} from '../../renderer/src/lib/time.js';

describe("the console's times follow the node's business timezone", () => {
  const lateEvening = '2026-03-10T21:30:00Z';

  it('shows times and today in the zone the session names', () => {
    setBusinessTimezone('Africa/Lagos');
    expect(formatDateTime(lateEvening)).toBe('10 Mar 2026, 22:30:00');
    // A narrow table cell's day over its time.
    expect(dateTimeParts(lateEvening)).toEqual(['10 Mar 2026,', '22:30:00']);
    expect(dateTimeParts('not a time')).toEqual(['not a time']);
    expect(businessToday(new Date(lateEvening))).toBe('2026-03-10');
    expect(businessZoneLabel()).toBe('Lagos');

    setBusinessTimezone('Africa/Nairobi');
    expect(formatDateTime(lateEvening)).toBe('11 Mar 2026, 00:30:00');
    expect(businessToday(new Date(lateEvening))).toBe('2026-03-11');
    expect(businessZoneLabel()).toBe('Nairobi');
  });

  it('keeps the zone it had when the session names one the browser does not know', () => {
    setBusinessTimezone('America/New_York');
    setBusinessTimezone('Not/A_Zone');
    expect(formatDateTime(lateEvening)).toBe('10 Mar 2026, 17:30:00');
    expect(businessZoneLabel()).toBe('New York');
  });

  it('writes a calendar day as the console writes days, whatever the zone', () => {
    setBusinessTimezone('Pacific/Kiritimati');
    expect(formatDay('2026-03-10')).toBe('10 Mar 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
