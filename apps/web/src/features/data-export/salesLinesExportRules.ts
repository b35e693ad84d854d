import {
  lastSevenDays,
  exportPeriodProblem,
  isCalendarDay,
  isValidExportEmail,
  SALES_LINES_ACTIVITY_TYPES,
  type ActivityType,
  type SalesLinesExportBody,
  type SalesLinesFormat,
  type SalesLinesQuery,
  parisToday,
} from '@comptoir/contracts';

/** What the export-data page filters by: Paris days, and establishments / activity types (empty: all). */
export interface SalesLinesFilters {
  startDay: string;
  endDay: string;
  companyIds: readonly string[];
  activity: readonly ActivityType[];
}

export type SalesLinesPeriodProblem = 'INVALID_DATE' | 'REVERSED_DATES' | 'PERIOD_TOO_LONG';

/** Spec 3 §9: the last 7 days up to today (as the reports' « 7 derniers jours »), everything ticked. */
export function defaultSalesLinesFilters(now: Date = new Date()): SalesLinesFilters {
  const { start, end } = lastSevenDays(parisToday(now));
  return { startDay: start, endDay: end, companyIds: [], activity: [] };
}

/** Spec 3 §5: both dates, the end not before the start, at most one year. */
export function salesLinesPeriodProblem(
  filters: Pick<SalesLinesFilters, 'startDay' | 'endDay'>,
): SalesLinesPeriodProblem | null {
  if (!isCalendarDay(filters.startDay) || !isCalendarDay(filters.endDay)) return 'INVALID_DATE';
  return exportPeriodProblem(filters.startDay, filters.endDay);
}

/** Spec 3 §7, §9: the start day from 00:00:00, the end day until 23:59:59, JSON lists, preview `limit`. */
export function salesLinesQueryOf(
  filters: SalesLinesFilters,
  allCompanyIds: readonly string[],
): SalesLinesQuery {
  return {
    opening_date: `${filters.startDay} 00:00:00`,
    closing_date: `${filters.endDay} 23:59:59`,
    idCompanies: JSON.stringify(filters.companyIds.length > 0 ? filters.companyIds : allCompanyIds),
    orderTypeAway: JSON.stringify(
      filters.activity.length > 0 ? filters.activity : SALES_LINES_ACTIVITY_TYPES,
    ),
    limit: true,
  };
}

/** The real export: the same filters, `limit` false, the e-mail and the file format. */
export function salesLinesExportBodyOf(
  filters: SalesLinesFilters,
  allCompanyIds: readonly string[],
  email: string,
  format: SalesLinesFormat,
): SalesLinesExportBody {
  return { ...salesLinesQueryOf(filters, allCompanyIds), limit: false, email: email.trim(), format };
}

/** Spec 3 §5: export only with a valid e-mail and a preview holding lines, one export at a time. */
export function canExportSalesLines(state: {
  previewTotal: number | null;
  email: string;
  isExporting: boolean;
}): boolean {
  return !state.isExporting && (state.previewTotal ?? 0) > 0 && isValidExportEmail(state.email);
}

/** The job has ended one way or another: stop polling its progress. */
export function isExportFinished(status: string): boolean {
  return status === 'done' || status === 'empty' || status === 'failed';
}
