import {
  CLOSURE_TYPE_ALL,
  FISCAL_PERIOD_FIRST_DAY,
  FISCAL_PERIOD_MAX_DAYS,
  fiscalPeriodLastDay,
  fiscalPeriodProblem,
  isCalendarDay,
  addCalendarDays,
} from '@comptoir/contracts';

/** The closures list's filters (spec 2 §2 "Closures list"): business days `YYYY-MM-DD` and a type. */
export interface ClosureFilters {
  startDate: string;
  endDate: string;
  /** 1..6, or 7 for every type. */
  type: number;
}

/** The type dropdown, in the spec's order: All, daily, monthly, annual, then the cumulative ones. */
export const CLOSURE_TYPE_OPTIONS = [CLOSURE_TYPE_ALL, 1, 3, 5, 2, 4, 6] as const;

/** Where the tab keeps the chosen filters (spec: "Selected dates are kept in session storage"). */
export const CLOSURE_FILTER_KEYS = {
  startDate: 'fiscal-closures-start-date',
  endDate: 'fiscal-closures-end-date',
  type: 'fiscal-closures-type',
} as const;

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** A predefined range: a whole year, or a month of the current year. */
export type PredefinedRange =
  | { kind: 'year'; year: number; isCurrent: boolean; range: DateRange }
  | { kind: 'month'; year: number; month: number; range: DateRange };

export function monthRange(year: number, month: number): DateRange {
  const start = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { startDate: start, endDate: addCalendarDays(nextMonth, -1) };
}

function yearRange(year: number): DateRange {
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** Current year, the two previous years, then each month of the current year (spec 2 §2). */
export function predefinedRanges(today: string): PredefinedRange[] {
  const year = Number(today.slice(0, 4));
  return [
    { kind: 'year', year, isCurrent: true, range: yearRange(year) },
    { kind: 'year', year: year - 1, isCurrent: false, range: yearRange(year - 1) },
    { kind: 'year', year: year - 2, isCurrent: false, range: yearRange(year - 2) },
    ...Array.from({ length: 12 }, (_, index): PredefinedRange => ({
      kind: 'month',
      year,
      month: index + 1,
      range: monthRange(year, index + 1),
    })),
  ];
}

/** The predefined range these dates are exactly, if any. */
export function matchingRange(range: DateRange, today: string): PredefinedRange | undefined {
  return predefinedRanges(today).find(
    (candidate) => candidate.range.startDate === range.startDate && candidate.range.endDate === range.endDate,
  );
}

/** The default range: the current month. */
export function defaultClosureFilters(today: string): ClosureFilters {
  const range = monthRange(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  return { ...range, type: CLOSURE_TYPE_ALL };
}

export type RangeProblem = 'missingDate' | 'startAfterEnd' | 'outOfRange' | 'tooLong';

/** Why these dates cannot be asked for, or null when they can: the server's fiscal period rule included. */
export function checkRange(range: DateRange, now: Date = new Date()): RangeProblem | null {
  if (!isCalendarDay(range.startDate) || !isCalendarDay(range.endDate)) return 'missingDate';
  if (range.startDate > range.endDate) return 'startAfterEnd';
  const problem = fiscalPeriodProblem({ startDay: range.startDate, endDay: range.endDate }, now);
  if (problem === null) return null;
  return problem.code === 'PERIOD_TOO_LONG' ? 'tooLong' : 'outOfRange';
}

/** What each date picker offers: days the rule accepts, within a period's length of the other date. */
export function rangeDayBounds(
  range: DateRange,
  now: Date = new Date(),
): { start: { min: string; max: string }; end: { min: string; max: string } } {
  const lastDay = fiscalPeriodLastDay(now);
  const span = FISCAL_PERIOD_MAX_DAYS - 1;
  const later = (a: string, b: string) => (a > b ? a : b);
  const earlier = (a: string, b: string) => (a < b ? a : b);
  const end = isCalendarDay(range.endDate) ? range.endDate : null;
  const start = isCalendarDay(range.startDate) ? range.startDate : null;
  return {
    start: {
      min: end ? later(FISCAL_PERIOD_FIRST_DAY, addCalendarDays(end, -span)) : FISCAL_PERIOD_FIRST_DAY,
      max: end ? earlier(end, lastDay) : lastDay,
    },
    end: {
      min: start ? later(start, FISCAL_PERIOD_FIRST_DAY) : FISCAL_PERIOD_FIRST_DAY,
      max: start ? earlier(addCalendarDays(start, span), lastDay) : lastDay,
    },
  };
}

/** An instant of the Paris day `day`, for the rules that need "now". */
function middayOf(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** The filters kept in the tab, each one falling back to the default when missing or malformed. */
export function readClosureFilters(storage: Pick<Storage, 'getItem'>, today: string): ClosureFilters {
  const fallback = defaultClosureFilters(today);
  const startDate = storage.getItem(CLOSURE_FILTER_KEYS.startDate);
  const endDate = storage.getItem(CLOSURE_FILTER_KEYS.endDate);
  const type = Number(storage.getItem(CLOSURE_FILTER_KEYS.type));
  const dates =
    startDate !== null && endDate !== null && checkRange({ startDate, endDate }, middayOf(today)) === null
      ? { startDate, endDate }
      : { startDate: fallback.startDate, endDate: fallback.endDate };
  return {
    ...dates,
    type: (CLOSURE_TYPE_OPTIONS as readonly number[]).includes(type) ? type : fallback.type,
  };
}

export function sameFilters(a: ClosureFilters, b: ClosureFilters): boolean {
  return a.startDate === b.startDate && a.endDate === b.endDate && a.type === b.type;
}

export function saveClosureFilters(storage: Pick<Storage, 'setItem'>, filters: ClosureFilters): void {
  storage.setItem(CLOSURE_FILTER_KEYS.startDate, filters.startDate);
  storage.setItem(CLOSURE_FILTER_KEYS.endDate, filters.endDate);
  storage.setItem(CLOSURE_FILTER_KEYS.type, String(filters.type));
}
