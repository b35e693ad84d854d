import { z } from 'zod';
import { exportPeriodProblem, isCalendarDay } from '@comptoir/contracts';
import { parisDay } from '../../platform/dates';
import { dataExportError } from './data-export.errors';

/** An export period: instants, and the Paris days that hold them. */
export interface ExportPeriod {
  start: Date;
  end: Date;
  startDay: string;
  endDay: string;
}

const PARIS_WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const isoInstant = z.iso.datetime({ offset: true });

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
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
  for (const part of parisParts.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** The instant of a Paris wall-clock time; a time skipped in spring moves forward by an hour. */
export function parisWallTimeToInstant(day: string, hour: number, minute: number, second: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + ((hour * 60 + minute) * 60 + second) * 1000;
  const guess = wall - parisOffsetMs(wall);
  return new Date(wall - parisOffsetMs(guess));
}

/**
 * A Date whose UTC fields are the Paris wall clock of `instant`: spreadsheet cells have no time
 * zone, and a reader expects the time the till showed.
 */
export function parisWallClock(instant: Date): Date {
  return new Date(instant.getTime() + parisOffsetMs(instant.getTime()));
}

/** `YYYY-MM-DD HH:mm:ss` (Europe/Paris) or an ISO instant with its offset; null otherwise. */
export function parseExportInstant(value: string): Date | null {
  const wall = PARIS_WALL_TIME.exec(value);
  if (wall) {
    const [, day, hour, minute, second] = wall as unknown as [string, string, string, string, string?];
    const h = Number(hour);
    const m = Number(minute);
    const s = Number(second ?? 0);
    if (!isCalendarDay(day) || h > 23 || m > 59 || s > 59) return null;
    return parisWallTimeToInstant(day, h, m, s);
  }
  return isoInstant.safeParse(value).success ? new Date(value) : null;
}

/** Spec 1 §5 on the server: valid dates, start before end, at most one year. Throws 400 with its code. */
export function resolveExportPeriod(startDate: string, endDate: string): ExportPeriod {
  const start = parseExportInstant(startDate);
  const end = parseExportInstant(endDate);
  if (!start || !end) throw dataExportError('INVALID_DATE');
  if (end.getTime() < start.getTime()) throw dataExportError('REVERSED_DATES');
  const startDay = parisDay(start);
  const endDay = parisDay(end);
  const problem = exportPeriodProblem(startDay, endDay);
  if (problem) throw dataExportError(problem);
  return { start, end, startDay, endDay };
}

/** `13/03/2026`, or `13/03/2026 18:30:00` when the period does not start or end on a day boundary. */
export function formatPeriodBound(instant: Date, boundary: 'start' | 'end'): string {
  const wall = parisWallClock(instant).toISOString();
  const [year, month, date] = wall.slice(0, 10).split('-');
  const time = wall.slice(11, 19);
  const isWholeDay = time === (boundary === 'start' ? '00:00:00' : '23:59:59');
  return `${date}/${month}/${year}${isWholeDay ? '' : ` ${time}`}`;
}
