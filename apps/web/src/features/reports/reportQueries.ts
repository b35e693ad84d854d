import { queryOptions } from '@tanstack/react-query';
import {
  SHIFT_PAGE_SIZE_MAX,
  type ControlStrip,
  type Granularity,
  type ReportSettings,
  type SalesAnalysis,
  type ShiftDetails,
  type WeekdayDetails,
} from '@comptoir/contracts';
import { reportingRequest } from '../../api/reportingApi';
import { activityParam, type ReportFilters } from './reportFilters';

/** Reports read daily rollups: a minute old is fresh enough, and saves a call per page change. */
const REPORT_STALE_MS = 60_000;

/** Every shift of the period, for the CSV file: pages of the largest size, one after the other. */
export async function allShifts(): Promise<ShiftDetails['shifts']> {
  const shifts: ShiftDetails['shifts'] = [];
  for (let page = 1; ; page += 1) {
    const data = await getReport<ShiftDetails>(
      'shift-details',
      { page, pageSize: SHIFT_PAGE_SIZE_MAX },
      new AbortController().signal,
    );
    shifts.push(...data.shifts);
    if (data.shifts.length === 0 || shifts.length >= data.total) return shifts;
  }
}

async function getReport<T>(path: string, query: object, signal: AbortSignal): Promise<T> {
  const [data] = await reportingRequest<T>('GET', 'reports', path, query, {}, signal);
  return data;
}

/**
 * Every report's key names the filters it was asked with. The reporting helper sends those same
 * filters from session storage, where `saveReportFilters` wrote them before the key changed.
 */
export const reportQueries = {
  all: () => ['reports'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => getReport<ReportSettings>('settings', {}, signal),
      staleTime: 5 * 60_000,
    }),
  salesAnalysis: (filters: ReportFilters, granularity: Granularity | null) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'sales-analysis', filters, granularity] as const,
      queryFn: ({ signal }) =>
        getReport<SalesAnalysis>(
          'sales-analysis',
          { activity: activityParam(filters.activity), granularity: granularity ?? undefined },
          signal,
        ),
      staleTime: REPORT_STALE_MS,
    }),
  /** Shifts are not split by activity type: the activity filter is left out of the key and the call. */
  shiftDetails: ({ companyIds, begin, end }: ReportFilters, page: number, pageSize: number) =>
    queryOptions({
      queryKey: [
        ...reportQueries.all(),
        'shift-details',
        { companyIds, begin, end },
        page,
        pageSize,
      ] as const,
      queryFn: ({ signal }) => getReport<ShiftDetails>('shift-details', { page, pageSize }, signal),
      staleTime: REPORT_STALE_MS,
    }),
  weekdayDetails: (filters: ReportFilters) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'weekday-details', filters] as const,
      queryFn: ({ signal }) =>
        getReport<WeekdayDetails>('weekday-details', { activity: activityParam(filters.activity) }, signal),
      staleTime: REPORT_STALE_MS,
    }),
  controlStrip: ({ companyIds, begin, end }: ReportFilters, serviceId: string) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'control-strip', { companyIds, begin, end }, serviceId] as const,
      queryFn: ({ signal }) => getReport<ControlStrip>('control-strip', { serviceId }, signal),
      staleTime: REPORT_STALE_MS,
    }),
};
