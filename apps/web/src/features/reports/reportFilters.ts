import type { ReportSettings } from '@comptoir/contracts';
import { checkPeriod, DEFAULT_PERIOD, shortcutPeriod, type Period } from './reportPeriods';

/** Contract activity types: 1 on site, 2 takeaway, 3 delivery. */
export const ACTIVITY_TYPES = [1, 2, 3] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The activity filter's own session-storage key, beside the spec's `id-company`, `date-begin`, `date-end`. */
export const ACTIVITY_STORAGE_KEY = 'report-activity';

/** What every report page reads; empty `companyIds` or `activity` mean all of them. */
export interface ReportFilters extends Period {
  companyIds: readonly string[];
  activity: readonly ActivityType[];
}

/** The raw session-storage values, as `sessionStorage.getItem` gives them. */
export interface StoredFilterValues {
  idCompany: string | null;
  dateBegin: string | null;
  dateEnd: string | null;
  activity: string | null;
}

/** The `activity` query parameter: absent when every type is wanted. */
export function activityParam(activity: readonly ActivityType[]): string | undefined {
  const selected = ACTIVITY_TYPES.filter((type) => activity.includes(type));
  return selected.length === 0 || selected.length === ACTIVITY_TYPES.length ? undefined : selected.join(',');
}

export function parseActivity(text: string | null): ActivityType[] {
  const wanted = new Set((text ?? '').split(','));
  const selected = ACTIVITY_TYPES.filter((type) => wanted.has(String(type)));
  return selected.length === ACTIVITY_TYPES.length ? [] : selected;
}

/** Only the user's establishments, in the user's order; all of them are stored as none. */
function ownCompanies(ids: Iterable<string>, companyIds: readonly string[]): string[] {
  const wanted = new Set(ids);
  const selected = companyIds.filter((id) => wanted.has(id));
  return selected.length === companyIds.length ? [] : selected;
}

/**
 * The filters kept in this tab, or null when there are none yet or they cannot be used (a missing
 * or malformed date, a reversed or too long period): the page then writes the defaults.
 */
export function readStoredFilters(
  values: StoredFilterValues,
  companyIds: readonly string[],
): ReportFilters | null {
  const period = { begin: values.dateBegin ?? '', end: values.dateEnd ?? '' };
  if (checkPeriod(period) !== null) return null;
  return {
    ...period,
    companyIds: ownCompanies((values.idCompany ?? '').split(','), companyIds),
    activity: parseActivity(values.activity),
  };
}

export function storedValues(filters: ReportFilters): Required<{ [K in keyof StoredFilterValues]: string }> {
  return {
    idCompany: filters.companyIds.join(','),
    dateBegin: filters.begin,
    dateEnd: filters.end,
    activity: activityParam(filters.activity) ?? '',
  };
}

/** A first visit in this tab: the period and establishments of the user's report settings. */
export function defaultFilters(
  settings: ReportSettings | undefined,
  companyIds: readonly string[],
  today: string,
): ReportFilters {
  return {
    ...shortcutPeriod(settings?.defaultPeriod ?? DEFAULT_PERIOD, today),
    companyIds: ownCompanies(settings?.defaultCompanyIds ?? [], companyIds),
    activity: [],
  };
}

export { isSelected, toggleSelection } from '../../ui/selection';
