import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addMonths,
  addYears,
  businessDayEnd,
  businessDayOf,
  businessDayStart,
  calendarMonthEnd,
  countDays,
  dayOfWeek,
  formatBusinessDay,
  formatParis,
  parisDayOf,
  parisMonthBounds,
  parisTimeToUtcMs,
  parisWallClock,
  parisWallTime,
  parseParisDateTime,
  weekStart,
} from './clock';
import { readSignatureCheckDay } from './fiscal-period';

// The three nights the clock can get wrong: summer time begins (29 March 2026, 02:00 → 03:00),
// summer time ends (25 October 2026, 03:00 → 02:00) and New Year (1 January 2027, in winter time).

describe('an instant read in Paris, at both changes of time and at New Year', () => {
  // instant (UTC) → Paris wall time, calendar day, business day (06:00), business day at 05:00
  const rows: [string, string, string, string, string][] = [
    ['2026-03-28T22:59:59Z', '28/03/2026 23:59:59', '2026-03-28', '2026-03-28', '2026-03-28'],
    ['2026-03-28T23:00:00Z', '29/03/2026 00:00:00', '2026-03-29', '2026-03-28', '2026-03-28'],
    ['2026-03-29T00:59:59Z', '29/03/2026 01:59:59', '2026-03-29', '2026-03-28', '2026-03-28'],
    ['2026-03-29T01:00:00Z', '29/03/2026 03:00:00', '2026-03-29', '2026-03-28', '2026-03-28'],
    ['2026-03-29T02:59:59Z', '29/03/2026 04:59:59', '2026-03-29', '2026-03-28', '2026-03-28'],
    ['2026-03-29T03:00:00Z', '29/03/2026 05:00:00', '2026-03-29', '2026-03-28', '2026-03-29'],
    ['2026-03-29T03:59:59Z', '29/03/2026 05:59:59', '2026-03-29', '2026-03-28', '2026-03-29'],
    ['2026-03-29T04:00:00Z', '29/03/2026 06:00:00', '2026-03-29', '2026-03-29', '2026-03-29'],
    ['2026-10-24T21:59:59Z', '24/10/2026 23:59:59', '2026-10-24', '2026-10-24', '2026-10-24'],
    ['2026-10-24T22:00:00Z', '25/10/2026 00:00:00', '2026-10-25', '2026-10-24', '2026-10-24'],
    ['2026-10-25T00:30:00Z', '25/10/2026 02:30:00', '2026-10-25', '2026-10-24', '2026-10-24'],
    ['2026-10-25T00:59:59Z', '25/10/2026 02:59:59', '2026-10-25', '2026-10-24', '2026-10-24'],
    ['2026-10-25T01:00:00Z', '25/10/2026 02:00:00', '2026-10-25', '2026-10-24', '2026-10-24'],
    ['2026-10-25T01:30:00Z', '25/10/2026 02:30:00', '2026-10-25', '2026-10-24', '2026-10-24'],
    ['2026-10-25T03:59:59Z', '25/10/2026 04:59:59', '2026-10-25', '2026-10-24', '2026-10-24'],
    ['2026-10-25T04:00:00Z', '25/10/2026 05:00:00', '2026-10-25', '2026-10-24', '2026-10-25'],
    ['2026-10-25T04:59:59Z', '25/10/2026 05:59:59', '2026-10-25', '2026-10-24', '2026-10-25'],
    ['2026-10-25T05:00:00Z', '25/10/2026 06:00:00', '2026-10-25', '2026-10-25', '2026-10-25'],
    ['2026-12-31T22:59:59Z', '31/12/2026 23:59:59', '2026-12-31', '2026-12-31', '2026-12-31'],
    ['2026-12-31T23:00:00Z', '01/01/2027 00:00:00', '2027-01-01', '2026-12-31', '2026-12-31'],
    ['2027-01-01T03:59:59Z', '01/01/2027 04:59:59', '2027-01-01', '2026-12-31', '2026-12-31'],
    ['2027-01-01T04:59:59Z', '01/01/2027 05:59:59', '2027-01-01', '2026-12-31', '2027-01-01'],
    ['2027-01-01T05:00:00Z', '01/01/2027 06:00:00', '2027-01-01', '2027-01-01', '2027-01-01'],
  ];

  it.each(rows)('%s is %s in Paris', (iso, wall, day, businessDay, businessDayAt5) => {
    const at = new Date(iso);
    // Every form an instant comes in: a Date, epoch milliseconds, ISO text.
    for (const instant of [at, at.getTime(), iso]) {
      expect(formatParis(instant, 'DD/MM/YYYY HH:mm:ss')).toBe(wall);
      expect(parisDayOf(instant)).toBe(day);
      // Server closures, back-office payments, ware analysis: the registers' business day.
      expect(businessDayOf(instant)).toBe(businessDay);
      // Reports: "today" under a user's own start hour (report settings).
      expect(businessDayOf(instant, 5)).toBe(businessDayAt5);
    }
    const [date, time] = wall.split(' ') as [string, string];
    const [dd, mm, yyyy] = date.split('/');
    const [hh, min, ss] = time.split(':');
    // Each named format writes what its name says.
    expect(formatParis(at, 'DD/MM/YYYY')).toBe(date);
    expect(formatParis(at, 'DD/MM/YYYY HH:mm')).toBe(`${date} ${hh}:${min}`);
    expect(formatParis(at, 'DD/MM/YYYY à HH:mm')).toBe(`${date} à ${hh}:${min}`);
    expect(formatParis(at, 'DD-MM-YYYY H:mm:ss')).toBe(`${dd}-${mm}-${yyyy} ${Number(hh)}:${min}:${ss}`);
    expect(formatParis(at, 'YYYY-MM-DD HH:mm:ss')).toBe(`${yyyy}-${mm}-${dd} ${time}`);
    expect(formatParis(at, 'YYYY-MM-DDTHH:mm')).toBe(`${yyyy}-${mm}-${dd}T${hh}:${min}`);
    expect(formatParis(at, 'HH:mm')).toBe(`${hh}:${min}`);
    expect(formatBusinessDay(day)).toBe(formatParis(at, 'DD/MM/YYYY'));
    // Spreadsheets: a Date whose UTC fields are the wall clock.
    expect(parisWallClock(at).toISOString().slice(0, 19)).toBe(`${yyyy}-${mm}-${dd}T${time}`);
    expect(parisWallTime(at)).toEqual({
      day,
      year: Number(yyyy),
      month: Number(mm),
      dayOfMonth: Number(dd),
      hour: Number(hh),
      minute: Number(min),
      second: Number(ss),
    });
    // The signature check's dates in Unix seconds (spec 2 §7) are read as the Paris day.
    expect(readSignatureCheckDay(String(at.getTime() / 1000))).toBe(day);
  });

  it('agrees with the host’s zone data at every hour of 2026 and both changes of 2000 to 2037', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const viaIntl = (ms: number) => intl.format(new Date(ms)).replace(',', '');
    const instants: number[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000) instants.push(ms);
    for (let year = 2000; year <= 2037; year++) {
      for (const month of [2, 9]) {
        const base = Date.UTC(year, month, 24);
        for (let ms = base; ms < base + 8 * 86_400_000; ms += 30 * 60_000) instants.push(ms, ms - 1000);
      }
    }
    const differing = instants.filter((ms) => formatParis(ms, 'DD/MM/YYYY HH:mm:ss') !== viaIntl(ms));
    expect(differing.map((ms) => new Date(ms).toISOString())).toEqual([]);
  });
});

describe('a Paris wall time as an instant', () => {
  // Paris wall time → instant: skipped in spring (an hour later), lived twice in autumn (the first).
  const rows: [string, string | null][] = [
    ['2026-03-29 01:59:59', '2026-03-29T00:59:59.000Z'],
    ['2026-03-29 02:00', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29 02:30', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29 03:00', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29 06:00', '2026-03-29T04:00:00.000Z'],
    ['2026-10-25 01:59:59', '2026-10-24T23:59:59.000Z'],
    ['2026-10-25 02:30', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25 03:00', '2026-10-25T02:00:00.000Z'],
    ['2026-10-25 06:00', '2026-10-25T05:00:00.000Z'],
    ['2026-12-31 23:59:59', '2026-12-31T22:59:59.000Z'],
    ['2027-01-01T00:00', '2026-12-31T23:00:00.000Z'],
    ['2027-01-01 06:00:00', '2027-01-01T05:00:00.000Z'],
    ['2026-02-29 10:00', null],
    ['2026-03-29 24:00', null],
    ['2026-03-29', null],
    ['29/03/2026 10:00', null],
  ];
  it.each(rows)('%s is %s', (text, iso) => {
    // Data exports, customer history, published notifications: a date-time typed in Paris.
    expect(parseParisDateTime(text)?.toISOString() ?? null).toBe(iso);
  });

  it('the simulator’s service times run past midnight across both changes and New Year', () => {
    // A bar's service ends at 25:30, half past one the next morning.
    expect(new Date(parisTimeToUtcMs('2026-03-28', 25 * 60 + 30)).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(new Date(parisTimeToUtcMs('2026-03-28', 26 * 60 + 30)).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(parisTimeToUtcMs('2026-10-24', 25 * 60 + 30)).toISOString()).toBe(
      '2026-10-24T23:30:00.000Z',
    );
    expect(new Date(parisTimeToUtcMs('2026-10-24', 27 * 60)).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(new Date(parisTimeToUtcMs('2026-12-31', 25 * 60 + 30)).toISOString()).toBe(
      '2027-01-01T00:30:00.000Z',
    );
  });

  it('a business day lasts 23 hours in spring, 25 in autumn, 24 over New Year', () => {
    // Server closures close a day when it ends; ware analysis counts the pours between its bounds.
    const hours = (day: string) =>
      (businessDayEnd(day).getTime() - businessDayStart(day).getTime()) / 3_600_000;
    expect(businessDayStart('2026-03-28').toISOString()).toBe('2026-03-28T05:00:00.000Z');
    expect(businessDayEnd('2026-03-28').toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(hours('2026-03-28')).toBe(23);
    expect(businessDayEnd('2026-10-24').toISOString()).toBe('2026-10-25T05:00:00.000Z');
    expect(hours('2026-10-24')).toBe(25);
    expect(businessDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(hours('2026-12-31')).toBe(24);
    expect(businessDayEnd('2026-12-31', 5).toISOString()).toBe('2027-01-01T04:00:00.000Z');
  });
});

describe('a Paris month as instants', () => {
  it.each([
    ['2026-03', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    ['2026-10', '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    ['2026-12', '2026-11-30T23:00:00.000Z', '2026-12-31T23:00:00.000Z'],
    ['2027-01', '2026-12-31T23:00:00.000Z', '2027-01-31T23:00:00.000Z'],
  ])('%s runs from %s to %s', (month, start, end) => {
    // The customer's notes of a month (spec 3 §7: unix seconds, both ends included).
    const bounds = parisMonthBounds(month);
    expect(new Date(bounds.start).toISOString()).toBe(start);
    expect(new Date(bounds.end).toISOString()).toBe(end);
  });

  it('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-1', '2026-00', '2026-01-01']) {
      expect(() => parisMonthBounds(bad)).toThrow(RangeError);
    }
  });
});

describe('calendar days at New Year and over the changes of time', () => {
  it.each([
    // day, +1 day, Monday of its week, month's last day, day of week (0 Sunday)
    ['2026-03-28', '2026-03-29', '2026-03-23', '2026-03-31', 6],
    ['2026-03-29', '2026-03-30', '2026-03-23', '2026-03-31', 0],
    ['2026-10-25', '2026-10-26', '2026-10-19', '2026-10-31', 0],
    ['2026-12-31', '2027-01-01', '2026-12-28', '2026-12-31', 4],
    ['2027-01-01', '2027-01-02', '2026-12-28', '2027-01-31', 5],
    ['2028-02-28', '2028-02-29', '2028-02-28', '2028-02-29', 1],
  ] as const)('%s', (day, next, monday, monthEnd, weekday) => {
    expect(addCalendarDays(day, 1)).toBe(next);
    expect(addCalendarDays(next, -1)).toBe(day);
    expect(weekStart(day)).toBe(monday);
    expect(calendarMonthEnd(day)).toBe(monthEnd);
    expect(dayOfWeek(day)).toBe(weekday);
    expect(countDays(day, next)).toBe(2);
  });

  it('moves by months and years to the same day, or the month’s last', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-31', -1)).toBe('2026-12-31');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2026-12-31', -1)).toBe('2025-12-31');
  });

  it('counts the days of a year and refuses a day that does not exist', () => {
    expect(countDays('2026-01-01', '2026-12-31')).toBe(365);
    expect(countDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addCalendarDays('2026-3-1', 1)).toThrow(RangeError);
  });
});
