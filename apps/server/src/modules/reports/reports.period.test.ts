import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  dayCount,
  defaultGranularity,
  isoWeekday,
  parseActivityFilter,
  previousPeriod,
  resolveReportPeriod,
  splitIntoMonths,
  weekdayCounts,
} from './reports.period';

const TODAY = '2026-03-14';
const day = (d: string) => ({ day: d, at: null });

describe('report period', () => {
  it('is the last seven days ending today when no header is sent', () => {
    expect(resolveReportPeriod(undefined, TODAY)).toEqual({ begin: '2026-03-08', end: TODAY });
  });

  it('ends today when only the begin is sent, and begins six days before an end sent alone', () => {
    expect(resolveReportPeriod({ begin: day('2026-03-01'), end: null }, TODAY)).toEqual({
      begin: '2026-03-01',
      end: TODAY,
    });
    expect(resolveReportPeriod({ begin: null, end: day('2026-02-10') }, TODAY)).toEqual({
      begin: '2026-02-04',
      end: '2026-02-10',
    });
  });

  it('refuses more than 366 days with PERIOD_TOO_LONG, and accepts a leap year', () => {
    expect(() =>
      resolveReportPeriod({ begin: day('2023-01-01'), end: day('2024-01-01') }, TODAY),
    ).not.toThrow();
    expect(() =>
      resolveReportPeriod({ begin: day('2024-01-01'), end: day('2024-12-31') }, TODAY),
    ).not.toThrow();
    expect(() => resolveReportPeriod({ begin: day('2024-01-01'), end: day('2025-01-01') }, TODAY)).toThrow(
      expect.objectContaining({ code: 'PERIOD_TOO_LONG', statusCode: 400 }),
    );
  });

  it('compares with the period of the same length just before, across a month end', () => {
    expect(previousPeriod({ begin: '2026-03-01', end: '2026-03-31' })).toEqual({
      begin: '2026-01-29',
      end: '2026-02-28',
    });
    expect(dayCount({ begin: '2026-03-28', end: '2026-03-30' })).toBe(3);
  });

  it('draws days up to 31 days, weeks up to 120, months beyond', () => {
    expect(defaultGranularity({ begin: '2026-03-01', end: '2026-03-31' })).toBe('day');
    expect(defaultGranularity({ begin: '2026-03-01', end: '2026-04-01' })).toBe('week');
    expect(defaultGranularity({ begin: '2026-01-01', end: '2026-04-30' })).toBe('week');
    expect(defaultGranularity({ begin: '2026-01-01', end: '2026-05-01' })).toBe('month');
  });

  it('starts week buckets on Monday and month buckets on the first', () => {
    expect(bucketOf('2026-03-15', 'week')).toBe('2026-03-09');
    expect(bucketOf('2026-03-01', 'week')).toBe('2026-02-23');
    expect(bucketOf('2026-03-15', 'month')).toBe('2026-03-01');
    expect(bucketOf('2026-03-15', 'day')).toBe('2026-03-15');
  });

  it('counts each weekday of the period', () => {
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2026-03-15')).toBe(7);
    // Thursday 5 to Monday 16 March: 12 days, two Thursdays to Mondays, one Tuesday and Wednesday.
    expect(weekdayCounts({ begin: '2026-03-05', end: '2026-03-16' })).toEqual([2, 1, 1, 2, 2, 2, 2]);
  });

  it('reads whole months from the monthly rollups and the other days from the daily ones', () => {
    expect(splitIntoMonths({ begin: '2026-02-01', end: '2026-02-28' }, TODAY)).toEqual({
      months: ['2026-02-01'],
      days: [],
      minusDays: [],
    });
    expect(splitIntoMonths({ begin: '2025-12-01', end: '2026-01-31' }, TODAY)).toEqual({
      months: ['2025-12-01', '2026-01-01'],
      days: [],
      minusDays: [],
    });
    const lastWeek = { begin: '2026-03-02', end: '2026-03-08' };
    expect(splitIntoMonths(lastWeek, TODAY)).toEqual({ months: [], days: [lastWeek], minusDays: [] });
  });

  it('reads a month covered in part as its days, or as the month minus its other past days when fewer', () => {
    // Up to Saturday 14 March 2026: the 12 days of March 2025 are fewer than its 19 days left out;
    // March 2026 is the month minus its future days.
    const months = [
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ];
    expect(splitIntoMonths({ begin: '2025-03-20', end: TODAY }, TODAY)).toEqual({
      months,
      days: [{ begin: '2025-03-20', end: '2025-03-31' }],
      minusDays: [{ begin: '2026-03-15', end: '2026-03-31' }],
    });
    // From 15 March 2025, the 14 days left out are fewer than the 17 days in.
    expect(splitIntoMonths({ begin: '2025-03-15', end: TODAY }, TODAY)).toEqual({
      months: ['2025-03-01', ...months],
      days: [],
      minusDays: [
        { begin: '2025-03-01', end: '2025-03-14' },
        { begin: '2026-03-15', end: '2026-03-31' },
      ],
    });
    expect(splitIntoMonths({ begin: '2026-02-03', end: '2026-02-27' }, TODAY)).toEqual({
      months: ['2026-02-01'],
      days: [],
      minusDays: [
        { begin: '2026-02-01', end: '2026-02-02' },
        { begin: '2026-02-28', end: '2026-02-28' },
      ],
    });
    // February: 9 days in, 19 out; March: 10 days in, 4 past days out (11 to 14).
    expect(splitIntoMonths({ begin: '2026-02-20', end: '2026-03-10' }, TODAY)).toEqual({
      months: ['2026-03-01'],
      days: [{ begin: '2026-02-20', end: '2026-02-28' }],
      minusDays: [{ begin: '2026-03-11', end: '2026-03-31' }],
    });
  });

  it('reads the activity filter as sorted, distinct activity types', () => {
    expect(parseActivityFilter(undefined)).toBeNull();
    expect(parseActivityFilter('3,1,3')).toEqual([1, 3]);
  });
});
