import {
  isCalendarDay,
  lastSevenDays,
  REPORT_MAX_DAYS,
  type DefaultPeriod,
  addCalendarDays,
  businessDayOf,
  countDays,
} from '@comptoir/contracts';

/** A period of business days, both ends included, `YYYY-MM-DD` in Paris. */
export interface Period {
  begin: string;
  end: string;
}

/** The filter bar's shortcuts, in the order it offers them; the settings' default is one of them. */
export const PERIOD_SHORTCUTS = [
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'currentMonth',
  'previousMonth',
  'currentYear',
] as const satisfies readonly DefaultPeriod[];
export type PeriodShortcut = (typeof PERIOD_SHORTCUTS)[number];

export const DEFAULT_PERIOD: PeriodShortcut = 'last7days';

/** A report covers at most a leap year of business days. */
export const MAX_PERIOD_DAYS = REPORT_MAX_DAYS;

/**
 * Today's business day: the Paris calendar day, or the day before while the night is still part of
 * yesterday's service (before the user's business-day start hour).
 */
export const businessToday = (now: Date, dayStartHour: number): string => businessDayOf(now, dayStartHour);

export function shortcutPeriod(shortcut: PeriodShortcut, today: string): Period {
  const [year = '', month = ''] = today.split('-');
  const monthStart = `${year}-${month}-01`;
  switch (shortcut) {
    case 'today':
      return { begin: today, end: today };
    case 'yesterday': {
      const yesterday = addCalendarDays(today, -1);
      return { begin: yesterday, end: yesterday };
    }
    case 'last7days': {
      const { start, end } = lastSevenDays(today);
      return { begin: start, end };
    }
    case 'last30days':
      return { begin: addCalendarDays(today, -29), end: today };
    case 'currentMonth':
      return { begin: monthStart, end: today };
    case 'previousMonth': {
      const previousMonthEnd = addCalendarDays(monthStart, -1);
      return { begin: `${previousMonthEnd.slice(0, 7)}-01`, end: previousMonthEnd };
    }
    case 'currentYear':
      return { begin: `${year}-01-01`, end: today };
  }
}

/** The shortcut that gives exactly this period today, if any (the first one when several do). */
export function matchingShortcut(period: Period, today: string): PeriodShortcut | null {
  return (
    PERIOD_SHORTCUTS.find((shortcut) => {
      const candidate = shortcutPeriod(shortcut, today);
      return candidate.begin === period.begin && candidate.end === period.end;
    }) ?? null
  );
}

/** Number of days in the period, both ends included. */
export const periodDays = (period: Period): number => countDays(period.begin, period.end);

export type PeriodError = 'invalidDate' | 'reversed' | 'tooLong';

/** Why a custom period cannot be used: a start after its end, or more than 366 days. */
export function checkPeriod(period: { begin: string; end: string }): PeriodError | null {
  if (!isCalendarDay(period.begin) || !isCalendarDay(period.end)) return 'invalidDate';
  if (period.begin > period.end) return 'reversed';
  if (periodDays(period) > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}
