import { addCalendarDays, addYears, isCalendarDay, formatBusinessDay } from '@comptoir/contracts';

/** A period of calendar days `YYYY-MM-DD`, both ends included; '' for a day not chosen or not readable. */
export interface DayRange {
  start: string;
  end: string;
}

/**
 * The longest period: `days`, both ends included, or `years`: the end at most the same day `years`
 * later (`isAnniversaryIncluded`) or the day before it.
 */
export type MaxSpan = { days: number } | { years: number; isAnniversaryIncluded: boolean };

export interface DayRangeRules {
  /** The first day that may be chosen; a day typed before it is moved to it. */
  min?: string | undefined;
  /** The last day that may be chosen (e.g. today); a day typed after it is moved to it. */
  max?: string | undefined;
  maxSpan?: MaxSpan | undefined;
}

export type DayRangeProblem =
  'missingDate' | 'invalidDate' | 'beforeMin' | 'afterMax' | 'reversed' | 'tooLong';

/** The last end day a period starting on `start` may have. */
export function latestEnd(start: string, span: MaxSpan): string {
  if ('days' in span) return addCalendarDays(start, span.days - 1);
  const anniversary = addYears(start, span.years);
  return span.isAnniversaryIncluded ? anniversary : addCalendarDays(anniversary, -1);
}

/** The first start day a period ending on `end` may have. */
export function earliestStart(end: string, span: MaxSpan): string {
  if ('days' in span) return addCalendarDays(end, -(span.days - 1));
  // 29 February has no anniversary: step from just before the rough answer to the first day that reaches `end`.
  let start = addCalendarDays(addYears(end, -span.years), -3);
  while (latestEnd(start, span) < end) start = addCalendarDays(start, 1);
  return start;
}

/** The day moved into [min, max]. */
export function clampDay(day: string, { min, max }: DayRangeRules): string {
  if (min !== undefined && day < min) return min;
  if (max !== undefined && day > max) return max;
  return day;
}

/** What is wrong with a period of readable days, or null; '' days are missing. */
export function dayRangeProblem(range: DayRange, rules: DayRangeRules): DayRangeProblem | null {
  const { start, end } = range;
  if (start === '' || end === '') return 'missingDate';
  if (!isCalendarDay(start) || !isCalendarDay(end)) return 'invalidDate';
  if (rules.min !== undefined && (start < rules.min || end < rules.min)) return 'beforeMin';
  if (rules.max !== undefined && (start > rules.max || end > rules.max)) return 'afterMax';
  if (start > end) return 'reversed';
  if (rules.maxSpan && end > latestEnd(start, rules.maxSpan)) return 'tooLong';
  return null;
}

const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A day typed `DD/MM/YYYY` (also `D/M/YYYY`, with `.` or `-`) or pasted `YYYY-MM-DD`, as `YYYY-MM-DD`. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  if (isCalendarDay(trimmed)) return trimmed;
  const match = TYPED_DAY.exec(trimmed);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

/** A day as the field shows it, `DD/MM/YYYY`; '' for a day that is not one. */
export function displayedDay(day: string): string {
  return isCalendarDay(day) ? formatBusinessDay(day) : '';
}

/** The calendar's Date for a day: local midnight, as the calendar counts days. */
export function dateOfDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

export function dayOfDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
