import {
  addCalendarDays,
  calendarMonthEnd,
  calendarMonthStart,
  countDays,
  REPORT_MAX_DAYS,
  weekStart,
  type Granularity,
  type ReportPeriod,
} from '@comptoir/contracts';
import type { RequestPeriod } from '../../platform/request-context';
import { reportsError } from './reports.errors';

/** Days from `begin` to `end`, both included. */
export const dayCount = (period: ReportPeriod): number => countDays(period.begin, period.end);

/**
 * The business days a report covers: those of the `x-date-begin` / `x-date-end` headers, the last
 * seven days ending today when neither is sent; a missing end is today (or the begin when later),
 * a missing begin is six days before the end. 400 PERIOD_TOO_LONG over 366 days.
 */
export function resolveReportPeriod(requested: RequestPeriod | undefined, today: string): ReportPeriod {
  const beginDay = requested?.begin?.day;
  const endDay = requested?.end?.day ?? (beginDay && beginDay > today ? beginDay : today);
  const period = { begin: beginDay ?? addCalendarDays(endDay, -6), end: endDay };
  if (dayCount(period) > REPORT_MAX_DAYS) throw reportsError('PERIOD_TOO_LONG');
  return period;
}

/** The period of the same length that ends the day before `period` begins. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  return { begin: addCalendarDays(period.begin, -dayCount(period)), end: addCalendarDays(period.begin, -1) };
}

/** Days of `range` up to `today` (later days hold no sales yet). */
function pastDays(range: ReportPeriod, today: string): number {
  return range.begin > today
    ? 0
    : dayCount({ begin: range.begin, end: range.end < today ? range.end : today });
}

/**
 * How a period reads the rollups: whole months from the monthly rollups, the other days from the
 * daily ones. A month the period covers in part is read either as its days in the period, or as
 * the whole month minus its days outside the period, whichever reads fewer past days: "this
 * month" and "this year" read months only.
 */
export interface MonthSplit {
  /** First days of the months read from the monthly rollups. */
  months: string[];
  /** Days read from the daily rollups and added. */
  days: ReportPeriod[];
  /** Days of those months outside the period, read from the daily rollups and taken away. */
  minusDays: ReportPeriod[];
}

export function splitIntoMonths(period: ReportPeriod, today: string): MonthSplit {
  const split: MonthSplit = { months: [], days: [], minusDays: [] };
  for (
    let month = calendarMonthStart(period.begin);
    month <= period.end;
    month = addCalendarDays(calendarMonthEnd(month), 1)
  ) {
    const last = calendarMonthEnd(month);
    const inside = {
      begin: period.begin > month ? period.begin : month,
      end: period.end < last ? period.end : last,
    };
    const outside: ReportPeriod[] = [];
    if (inside.begin > month) outside.push({ begin: month, end: addCalendarDays(inside.begin, -1) });
    if (inside.end < last) outside.push({ begin: addCalendarDays(inside.end, 1), end: last });
    const outsideCost = outside.reduce((n, range) => n + pastDays(range, today), 0);
    if (outside.length === 0 || outsideCost < pastDays(inside, today)) {
      split.months.push(month);
      split.minusDays.push(...outside);
    } else {
      split.days.push(inside);
    }
  }
  return split;
}

/** Days up to a month, weeks up to four months, months beyond. */
export function defaultGranularity(period: ReportPeriod): Granularity {
  const days = dayCount(period);
  if (days <= 31) return 'day';
  if (days <= 120) return 'week';
  return 'month';
}

/** The first day of the bucket holding `day`: itself, its week's Monday, or its month's first day. */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'week') return weekStart(day);
  return `${day.slice(0, 8)}01`;
}

/** ISO weekday of a business day: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** How many Mondays, Tuesdays... the period holds: index 0 is Monday. */
export function weekdayCounts(period: ReportPeriod): number[] {
  const days = dayCount(period);
  const counts = Array.from({ length: 7 }, () => Math.floor(days / 7));
  const first = isoWeekday(period.begin) - 1;
  for (let i = 0; i < days % 7; i++) counts[(first + i) % 7]! += 1;
  return counts;
}

/** `activity=1,3` as activity types; null when absent (every activity type, unknown included). */
export function parseActivityFilter(activity: string | undefined): number[] | null {
  if (!activity) return null;
  return [...new Set(activity.split(',').map(Number))].sort((a, b) => a - b);
}
