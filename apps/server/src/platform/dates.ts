import { addCalendarDays, isCalendarDay } from '@comptoir/contracts';

const PARIS = 'Europe/Paris';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: PARIS, hour: '2-digit', hourCycle: 'h23' });

/** The calendar day in Europe/Paris, `YYYY-MM-DD`. */
export function parisDay(at: Date | string = new Date()): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** The hour of day (0-23) in Europe/Paris. */
export function parisHour(at: Date | string): number {
  return Number(hourFormat.format(typeof at === 'string' ? new Date(at) : at));
}

/** Adds days to a `YYYY-MM-DD` day (calendar arithmetic, no time zone involved). */
export const addDays = addCalendarDays;

const wallClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Milliseconds Paris is ahead of UTC at this instant (one or two hours). */
function parisOffsetMs(instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** The instant of a Paris wall-clock time; a time skipped in spring moves forward by an hour. */
function parisWallTimeToInstant(day: string, hour: number, minute: number, second: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000;
  const guess = wall - parisOffsetMs(wall);
  return new Date(wall - parisOffsetMs(guess));
}

const PARIS_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant of `YYYY-MM-DD HH:mm[:ss]` read in Europe/Paris; null when it is not such a time. */
export function parseParisDateTime(value: string): Date | null {
  const match = PARIS_DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, hour, minute, second] = match as unknown as [string, string, string, string, string?];
  const h = Number(hour);
  const m = Number(minute);
  const s = Number(second ?? 0);
  if (!isCalendarDay(day) || h > 23 || m > 59 || s > 59) return null;
  return parisWallTimeToInstant(day, h, m, s);
}

/**
 * A Date whose UTC fields are the Paris wall clock of `instant`: for places without a time zone
 * (spreadsheet cells, formatted text) where a reader expects the time the till showed.
 */
export function parisWallClock(instant: Date): Date {
  return new Date(instant.getTime() + parisOffsetMs(instant.getTime()));
}
