import { z } from 'zod';
import { addYears } from './clock';
import { isEmailAddress } from './rules';

/**
 * `GET /api/dataExport/exportProductLines` (spec 1 §7): the payment product lines of a period, sent
 * by e-mail as a spreadsheet. Dates are `YYYY-MM-DD HH:mm:ss` in Europe/Paris (the portal sends the
 * start day at 00:00:00 and the end day at 23:59:59) or ISO instants with their offset. The fields are
 * plain strings here so that a wrong value answers its own code (INVALID_EMAIL...), not a generic one.
 */
export const productLinesExportQuery = z.object({
  email: z.string().trim().max(254),
  startDate: z.string().trim().max(40),
  endDate: z.string().trim().max(40),
});
export type ProductLinesExportQuery = z.infer<typeof productLinesExportQuery>;

/** 202: the export is recorded and queued; the file follows by e-mail. */
export const productLinesExportAccepted = z.object({
  exportId: z.uuid(),
  status: z.literal('queued'),
});
export type ProductLinesExportAccepted = z.infer<typeof productLinesExportAccepted>;

export const dataExportErrorCode = z.enum([
  'FEATURE_DISABLED',
  'INVALID_EMAIL',
  'INVALID_DATE',
  'REVERSED_DATES',
  'PERIOD_TOO_LONG',
]);
export type DataExportErrorCode = z.infer<typeof dataExportErrorCode>;

/** The same e-mail rule in the portal (validate button) and on the server. */
export function isValidExportEmail(email: string): boolean {
  return isEmailAddress(email);
}

/**
 * Spec 1 §5: the end is not before the start, and lies within one year of it (13 March 2025 to
 * 13 March 2026 is accepted, to 14 March 2026 is not). Days are `YYYY-MM-DD` in Europe/Paris.
 */
export function exportPeriodProblem(
  startDay: string,
  endDay: string,
): Extract<DataExportErrorCode, 'REVERSED_DATES' | 'PERIOD_TOO_LONG'> | null {
  if (endDay < startDay) return 'REVERSED_DATES';
  if (endDay > addYears(startDay, 1)) return 'PERIOD_TOO_LONG';
  return null;
}
