import { z } from 'zod';
import { exportPeriodProblem, parisDayOf, parseParisDateTime } from '@comptoir/contracts';
import { dataExportError } from './data-export.errors';

/** An export period: instants, and the Paris days that hold them. */
export interface ExportPeriod {
  start: Date;
  end: Date;
  startDay: string;
  endDay: string;
}

const isoInstant = z.iso.datetime({ offset: true });

/** `YYYY-MM-DD HH:mm:ss` (Europe/Paris) or an ISO instant with its offset; null otherwise. */
export function parseExportInstant(value: string): Date | null {
  return parseParisDateTime(value) ?? (isoInstant.safeParse(value).success ? new Date(value) : null);
}

/** Spec 1 §5 on the server: valid dates, start before end, at most one year. Throws 400 with its code. */
export function resolveExportPeriod(startDate: string, endDate: string): ExportPeriod {
  const start = parseExportInstant(startDate);
  const end = parseExportInstant(endDate);
  if (!start || !end) throw dataExportError('INVALID_DATE');
  if (end.getTime() < start.getTime()) throw dataExportError('REVERSED_DATES');
  const startDay = parisDayOf(start);
  const endDay = parisDayOf(end);
  const problem = exportPeriodProblem(startDay, endDay);
  if (problem) throw dataExportError(problem);
  return { start, end, startDay, endDay };
}
