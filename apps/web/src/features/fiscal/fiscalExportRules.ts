import { BUSINESS_TIME_ZONE } from '../../ui/dates';

/**
 * Client-side rules of the archived fiscal data export (spec 1 §5). Days are `YYYY-MM-DD`, as date
 * inputs give them, and are Paris calendar days.
 */
export type ExportRangeError = 'missingDates' | 'reversedDates' | 'overOneYear';

export interface ExportRange {
  startDay: string;
  endDay: string;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The same pattern as the server's `z.email()`, so that what passes here passes there. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Paris, whatever the browser's time zone. */
export function parisToday(now: Date = new Date()): string {
  const parts = Object.fromEntries(parisDay.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function addDays(day: string, days: number): string {
  const date = toUtcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Same day and month `years` later; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const date = toUtcDate(day);
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** One year back plus one day, up to today: the longest period allowed. */
export function defaultExportRange(today: string): ExportRange {
  return { startDay: addDays(addYears(today, -1), 1), endDay: today };
}

export function exportRangeError({ startDay, endDay }: ExportRange): ExportRangeError | null {
  if (!isCalendarDay(startDay) || !isCalendarDay(endDay)) return 'missingDates';
  if (startDay > endDay) return 'reversedDates';
  if (addYears(startDay, 1) <= endDay) return 'overOneYear';
  return null;
}

/** Each date picker offers the days within one year of the other date, on either side. */
export function exportDayBounds({ startDay, endDay }: ExportRange): {
  start: { min?: string; max?: string };
  end: { min?: string; max?: string };
} {
  const around = (day: string) =>
    isCalendarDay(day) ? { min: addYears(day, -1), max: addYears(day, 1) } : {};
  return { start: around(endDay), end: around(startDay) };
}

/** The export call's date format, `YYYYMMDD`. */
export function toExportDate(day: string): string {
  if (!isCalendarDay(day)) throw new RangeError(`Calendar day YYYY-MM-DD expected, got ${day}`);
  return day.replaceAll('-', '');
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email);
}

function toUtcDate(day: string): Date {
  if (!isCalendarDay(day)) throw new RangeError(`Calendar day YYYY-MM-DD expected, got ${day}`);
  return new Date(`${day}T00:00:00Z`);
}
