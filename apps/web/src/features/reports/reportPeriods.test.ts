import { describe, expect, it } from 'vitest';
import {
  businessToday,
  checkPeriod,
  matchingShortcut,
  PERIOD_SHORTCUTS,
  periodDays,
  shortcutPeriod,
} from './reportPeriods';

describe('period shortcuts', () => {
  const today = '2026-03-15';

  it('gives today, yesterday and the last 7 days ending today', () => {
    expect(shortcutPeriod('today', today)).toEqual({ begin: '2026-03-15', end: '2026-03-15' });
    expect(shortcutPeriod('yesterday', today)).toEqual({ begin: '2026-03-14', end: '2026-03-14' });
    expect(shortcutPeriod('last7days', today)).toEqual({ begin: '2026-03-09', end: '2026-03-15' });
    expect(shortcutPeriod('last30days', today)).toEqual({ begin: '2026-02-14', end: '2026-03-15' });
  });

  it('gives this month up to today and the whole of last month', () => {
    expect(shortcutPeriod('currentMonth', today)).toEqual({ begin: '2026-03-01', end: '2026-03-15' });
    expect(shortcutPeriod('previousMonth', today)).toEqual({ begin: '2026-02-01', end: '2026-02-28' });
    expect(shortcutPeriod('previousMonth', '2024-03-31')).toEqual({ begin: '2024-02-01', end: '2024-02-29' });
  });

  it('crosses the year on the first days of January', () => {
    expect(shortcutPeriod('previousMonth', '2026-01-02')).toEqual({ begin: '2025-12-01', end: '2025-12-31' });
    expect(shortcutPeriod('yesterday', '2026-01-01')).toEqual({ begin: '2025-12-31', end: '2025-12-31' });
    expect(shortcutPeriod('currentYear', '2026-01-01')).toEqual({ begin: '2026-01-01', end: '2026-01-01' });
  });

  it('recognises the shortcut a stored period came from, and none for a custom one', () => {
    for (const shortcut of PERIOD_SHORTCUTS) {
      expect(matchingShortcut(shortcutPeriod(shortcut, '2026-05-20'), '2026-05-20')).toBe(shortcut);
    }
    expect(matchingShortcut({ begin: '2026-05-02', end: '2026-05-09' }, '2026-05-20')).toBeNull();
  });
});

describe("today's business day in Paris", () => {
  it('is the Paris calendar day, whatever the machine’s zone', () => {
    // 23:30 UTC on 14 March is 00:30 on 15 March in Paris (winter time).
    expect(businessToday(new Date('2026-03-14T23:30:00Z'), 0)).toBe('2026-03-15');
    // 22:30 UTC on 14 July is 00:30 on 15 July in Paris (summer time).
    expect(businessToday(new Date('2026-07-14T22:30:00Z'), 0)).toBe('2026-07-15');
  });

  it('is still yesterday before the business-day start hour', () => {
    // 02:30 in Paris on 15 March, the day starting at 05:00: still the 14th's service.
    expect(businessToday(new Date('2026-03-15T01:30:00Z'), 5)).toBe('2026-03-14');
    expect(businessToday(new Date('2026-03-15T04:00:00Z'), 5)).toBe('2026-03-15');
  });
});

describe('custom period', () => {
  it('accepts a start on or before the end', () => {
    expect(checkPeriod({ begin: '2026-03-01', end: '2026-03-01' })).toBeNull();
    expect(checkPeriod({ begin: '2026-03-01', end: '2026-03-31' })).toBeNull();
  });

  it('refuses a start after the end', () => {
    expect(checkPeriod({ begin: '2026-03-02', end: '2026-03-01' })).toBe('reversed');
  });

  it('allows 366 days and no more', () => {
    expect(periodDays({ begin: '2024-01-01', end: '2024-12-31' })).toBe(366);
    expect(checkPeriod({ begin: '2024-01-01', end: '2024-12-31' })).toBeNull();
    expect(checkPeriod({ begin: '2025-01-01', end: '2026-01-02' })).toBe('tooLong');
  });

  it('refuses a date that does not exist or is not filled in', () => {
    expect(checkPeriod({ begin: '2026-02-30', end: '2026-03-01' })).toBe('invalidDate');
    expect(checkPeriod({ begin: '', end: '2026-03-01' })).toBe('invalidDate');
  });
});
