import {
  addYears,
  FISCAL_PERIOD_FIRST_DAY,
  fiscalPeriodLastDay,
  fiscalPeriodProblem,
  isCalendarDay,
  isValidExportEmail,
  addCalendarDays,
} from '@comptoir/contracts';

/**
 * Client-side rules of the archived fiscal data export (spec 1 §5). Days are `YYYY-MM-DD`, as date
 * inputs give them, and are Paris calendar days.
 */
export type ExportRangeError = 'missingDates' | 'reversedDates' | 'overOneYear' | 'outOfRange';

export interface ExportRange {
  startDay: string;
  endDay: string;
}

/** One year back plus one day, up to today: the longest period allowed. */
export function defaultExportRange(today: string): ExportRange {
  return { startDay: addCalendarDays(addYears(today, -1), 1), endDay: today };
}

export function exportRangeError(
  { startDay, endDay }: ExportRange,
  now: Date = new Date(),
): ExportRangeError | null {
  if (!isCalendarDay(startDay) || !isCalendarDay(endDay)) return 'missingDates';
  if (startDay > endDay) return 'reversedDates';
  if (addYears(startDay, 1) <= endDay) return 'overOneYear';
  // The server's fiscal period rule: from 2000 to the end of the current year.
  if (fiscalPeriodProblem({ startDay, endDay }, now)?.code === 'DATE_OUT_OF_RANGE') return 'outOfRange';
  return null;
}

/** Each date picker offers the days within one year of the other date, on either side, within the rule's days. */
export function exportDayBounds(
  { startDay, endDay }: ExportRange,
  now: Date = new Date(),
): {
  start: { min?: string; max?: string };
  end: { min?: string; max?: string };
} {
  const lastDay = fiscalPeriodLastDay(now);
  const around = (day: string) => {
    if (!isCalendarDay(day)) return {};
    const [min, max] = [addYears(day, -1), addYears(day, 1)];
    return {
      min: min < FISCAL_PERIOD_FIRST_DAY ? FISCAL_PERIOD_FIRST_DAY : min,
      max: max > lastDay ? lastDay : max,
    };
  };
  return { start: around(endDay), end: around(startDay) };
}

/** The export call's date format, `YYYYMMDD`. */
export function toExportDate(day: string): string {
  if (!isCalendarDay(day)) throw new RangeError(`Calendar day YYYY-MM-DD expected, got ${day}`);
  return day.replaceAll('-', '');
}

/** The server's own e-mail rule, so that what passes here passes there. */
export function isValidEmail(email: string): boolean {
  return isValidExportEmail(email);
}
