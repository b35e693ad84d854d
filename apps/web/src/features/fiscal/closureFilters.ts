import { CLOSURE_TYPE_ALL } from '@comptoir/contracts';
import { addCalendarDays } from '../../ui/dates';

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

export function isCalendarDay(text: string | null | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export type RangeProblem = 'missingDate' | 'startAfterEnd';

/** Why these dates cannot be asked for, or null when they can. */
export function checkRange(range: DateRange): RangeProblem | null {
  if (!isCalendarDay(range.startDate) || !isCalendarDay(range.endDate)) return 'missingDate';
  return range.startDate > range.endDate ? 'startAfterEnd' : null;
}

/** The filters kept in the tab, each one falling back to the default when missing or malformed. */
export function readClosureFilters(storage: Pick<Storage, 'getItem'>, today: string): ClosureFilters {
  const fallback = defaultClosureFilters(today);
  const startDate = storage.getItem(CLOSURE_FILTER_KEYS.startDate);
  const endDate = storage.getItem(CLOSURE_FILTER_KEYS.endDate);
  const type = Number(storage.getItem(CLOSURE_FILTER_KEYS.type));
  const dates =
    isCalendarDay(startDate) && isCalendarDay(endDate) && startDate <= endDate
      ? { startDate, endDate }
      : { startDate: fallback.startDate, endDate: fallback.endDate };
  return {
    ...dates,
    type: (CLOSURE_TYPE_OPTIONS as readonly number[]).includes(type) ? type : fallback.type,
  };
}

export function saveClosureFilters(storage: Pick<Storage, 'setItem'>, filters: ClosureFilters): void {
  storage.setItem(CLOSURE_FILTER_KEYS.startDate, filters.startDate);
  storage.setItem(CLOSURE_FILTER_KEYS.endDate, filters.endDate);
  storage.setItem(CLOSURE_FILTER_KEYS.type, String(filters.type));
}
