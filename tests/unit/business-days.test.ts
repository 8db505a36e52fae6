import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { InvalidInput } from '../../server/domain/errors.js';
import {
  addDays,
  dayWindow,
  deliveryDayOf,
  isBusinessDay,
  localDay,
  localTime,
  parseDay,
  parseUtcInstant,
  reportDaysDue,
  reportDaysToSend,
  sendTimeReached,
  weekday,
} from '../../server/domain/business-days.js';
import {
  MAX_AUTO_ATTEMPTS,
  nextAttemptAfterFailure,
  retryDelayMs,
} from '../../server/domain/delivery-policy.js';

/** Runs the T+1 rule day by day as the schedule does: what goes out on each day. */
function simulate(
  from: string,
  to: string,
  holidays: string[],
  lookbackDays = 7,
  earliest?: string,
): Record<string, string[]> {
  const delivered = new Set<string>();
  const out: Record<string, string[]> = {};
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const sent = reportDaysToSend(d, delivered, { holidays, lookbackDays, earliest });
    sent.forEach((x) => delivered.add(x));
    out[d] = sent;
  }
  return out;
}

// 2025-06-06 is a Friday; 2025-06-09 a Monday.
describe('T+1 on business days', () => {
  it('knows the weekdays of the calendar it is tested with', () => {
    expect(weekday('2025-06-06')).toBe(5);
    expect(weekday('2025-06-09')).toBe(1);
    expect(isBusinessDay('2025-06-07', [])).toBe(false);
    expect(isBusinessDay('2025-06-08', [])).toBe(false);
    expect(isBusinessDay('2025-06-12', ['2025-06-12'])).toBe(false);
  });

  it('sends Thursday on Friday, nothing on the weekend, and Friday, Saturday and Sunday on Monday', () => {
    const sent = simulate('2025-06-05', '2025-06-10', [], 7, '2025-06-04');
    expect(sent).toEqual({
      '2025-06-05': ['2025-06-04'],
      '2025-06-06': ['2025-06-05'],
      '2025-06-07': [],
      '2025-06-08': [],
      '2025-06-09': ['2025-06-06', '2025-06-07', '2025-06-08'],
      '2025-06-10': ['2025-06-09'],
    });
  });

  it('skips a holiday: its reports and the day itself go out the next business day', () => {
    // Thursday 2025-06-12 is Democracy Day in Nigeria.
    const sent = simulate('2025-06-10', '2025-06-16', ['2025-06-12'], 7, '2025-06-09');
    expect(sent['2025-06-11']).toEqual(['2025-06-10']);
    expect(sent['2025-06-12']).toEqual([]);
    expect(sent['2025-06-13']).toEqual(['2025-06-11', '2025-06-12']);
    expect(sent['2025-06-16']).toEqual(['2025-06-13', '2025-06-14', '2025-06-15']);
  });

  it('a Monday holiday moves the weekend reports to Tuesday', () => {
    const sent = simulate('2025-06-06', '2025-06-10', ['2025-06-09'], 7, '2025-06-05');
    expect(sent['2025-06-09']).toEqual([]);
    expect(sent['2025-06-10']).toEqual(['2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09']);
  });

  it('never sends a day twice and never a day before the merchant existed', () => {
    const sent = simulate('2025-06-01', '2025-06-30', ['2025-06-12'], 7, '2025-06-03');
    const all = Object.values(sent).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all[0]).toBe('2025-06-03');
    // Every day up to the last business day's previous day is covered exactly once.
    expect(all).toEqual(Array.from({ length: 27 }, (_, i) => addDays('2025-06-03', i)));
  });

  it('looks back only as far as configured', () => {
    expect(reportDaysDue('2025-06-09', { holidays: [], lookbackDays: 3 })).toEqual([
      '2025-06-06',
      '2025-06-07',
      '2025-06-08',
    ]);
    expect(reportDaysDue('2025-06-07', { holidays: [], lookbackDays: 3 })).toEqual([]);
  });

  it('names the delivery day of a report', () => {
    expect(deliveryDayOf('2025-06-06', [])).toBe('2025-06-09');
    expect(deliveryDayOf('2025-06-08', [])).toBe('2025-06-09');
    expect(deliveryDayOf('2025-06-11', ['2025-06-12'])).toBe('2025-06-13');
  });
});

describe('the report day window', () => {
  it('is 00:00:00 to 23:59:59 Lagos time (UTC+1) as UTC instants, end exclusive', () => {
    expect(dayWindow('2025-06-06', 'Africa/Lagos')).toEqual({
      from: '2025-06-05T23:00:00.000Z',
      to: '2025-06-06T23:00:00.000Z',
    });
  });
  it('follows a DST change: the day clocks go forward is 23 hours long', () => {
    const w = dayWindow('2025-03-30', 'Europe/London');
    expect(w).toEqual({ from: '2025-03-30T00:00:00.000Z', to: '2025-03-30T23:00:00.000Z' });
  });
  it('puts an instant on its local day and time', () => {
    const ms = Date.parse('2025-06-05T23:30:00.000Z');
    expect(localDay(ms, 'Africa/Lagos')).toBe('2025-06-06');
    expect(localDay(ms, 'UTC')).toBe('2025-06-05');
    expect(localTime('2025-06-05T23:30:00.000Z', 'Africa/Lagos')).toBe('2025-06-06 00:30:00');
  });
  it('sends from the configured local time on', () => {
    expect(sendTimeReached(Date.parse('2025-06-09T05:59:00Z'), 'Africa/Lagos', '07:00')).toBe(false);
    expect(sendTimeReached(Date.parse('2025-06-09T06:00:00Z'), 'Africa/Lagos', '07:00')).toBe(true);
  });
  it('refuses dates that are not calendar days', () => {
    expect(() => parseDay('2025-02-30')).toThrow(/YYYY-MM-DD/);
    expect(() => parseDay('2025-6-1')).toThrow(/YYYY-MM-DD/);
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
  });
});

describe('retries after SMTP failures', () => {
  it('back off 1, 2, 4 ... minutes up to an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });
  it('give up after the last automatic attempt, and never retry a report that already went out', () => {
    expect(nextAttemptAfterFailure(false, 1, 1000)).toBe(61_000);
    expect(nextAttemptAfterFailure(false, MAX_AUTO_ATTEMPTS, 1000)).toBeNull();
    expect(nextAttemptAfterFailure(true, 1, 1000)).toBeNull();
  });
});

describe('list filter instants', () => {
  it('takes a real UTC time and gives it as stored', () => {
    expect(parseUtcInstant('2026-07-01T10:00:00Z', 'from')).toBe('2026-07-01T10:00:00.000Z');
    expect(parseUtcInstant('2024-02-29T23:59:59.5Z', 'to')).toBe('2024-02-29T23:59:59.500Z');
    // ISO 8601's end of a day is the next day's start.
    expect(parseUtcInstant('2026-01-01T24:00:00Z', 'to')).toBe('2026-01-02T00:00:00.000Z');
  });
  it('refuses a time that is shaped right but not on the calendar or clock', () => {
    for (const t of [
      '2026-13-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-01-01T25:00:00Z',
      '2026-01-01T10:60:00Z',
    ])
      expect(() => parseUtcInstant(t, 'from')).toThrow(InvalidInput);
  });
});

describe('localTime, written without Luxon per row', () => {
  // Luxon's formatting, what every CSV and e-mail row was written with before.
  const byLuxon = (iso: string, tz: string) =>
    DateTime.fromISO(iso, { zone: 'UTC' }).setZone(tz).toFormat('yyyy-MM-dd HH:mm:ss');

  it.each([
    'Africa/Lagos',
    'Europe/London',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'UTC',
  ])('matches Luxon in %s across a year, on both sides of every clock change', (tz) => {
    const offset = (ms: number) => DateTime.fromMillis(ms, { zone: tz }).offset;
    const checked: number[] = [];
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < start + 366 * 86_400_000; ms += 61 * 60_000 + 1_000) {
      checked.push(ms);
      // A clock change in between: the second it happens, and the seconds either side of it.
      if (offset(ms) !== offset(ms + 61 * 60_000)) {
        let [lo, hi] = [ms, ms + 61 * 60_000];
        while (hi - lo > 1_000) {
          const mid = lo + Math.floor((hi - lo) / 2_000) * 1_000;
          if (offset(mid) === offset(lo)) lo = mid;
          else hi = mid;
        }
        checked.push(lo - 1_000, lo, hi, hi + 1_000);
      }
    }
    const wrong = checked
      .map((ms) => new Date(ms).toISOString())
      .filter((iso) => localTime(iso, tz) !== byLuxon(iso, tz));
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThan(8_000);
  });

  it('reads what Luxon reads and says what it says for what it cannot read', () => {
    for (const iso of [
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00.000+00:00',
      'not a time',
      '2026-13-01T00:00:00Z',
    ])
      expect(localTime(iso, 'Europe/London')).toBe(byLuxon(iso, 'Europe/London'));
  });
});
