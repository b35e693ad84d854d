import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../api/constants';
import { setReportingFilters } from '../../api/reportingApi';
import {
  ACTIVITY_STORAGE_KEY,
  readStoredFilters,
  storedValues,
  type ReportFilters,
  type StoredFilterValues,
} from './reportFilters';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readValues(): StoredFilterValues {
  return {
    idCompany: sessionStorage.getItem(STORAGE_KEYS.idCompany),
    dateBegin: sessionStorage.getItem(STORAGE_KEYS.dateBegin),
    dateEnd: sessionStorage.getItem(STORAGE_KEYS.dateEnd),
    activity: sessionStorage.getItem(ACTIVITY_STORAGE_KEY),
  };
}

/** A string, so that the snapshot compares equal while session storage does not change. */
function snapshot(): string {
  return JSON.stringify(readValues());
}

/**
 * Session storage is the one place the filters live: the reporting helper sends them as headers
 * from there (spec §7), so they are written before any query whose key names them runs.
 */
export function saveReportFilters(filters: ReportFilters): void {
  const values = storedValues(filters);
  setReportingFilters({ idCompany: values.idCompany, dateBegin: values.dateBegin, dateEnd: values.dateEnd });
  sessionStorage.setItem(ACTIVITY_STORAGE_KEY, values.activity);
  for (const listener of listeners) listener();
}

/** The filters of this tab (null when none are stored yet) and whether storage holds them as written. */
export function useStoredReportFilters(companyIds: readonly string[]) {
  const raw = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    const values = JSON.parse(raw) as StoredFilterValues;
    const filters = readStoredFilters(values, companyIds);
    const clean = filters ? storedValues(filters) : null;
    const isClean =
      clean !== null &&
      (Object.keys(clean) as (keyof StoredFilterValues)[]).every((key) => (values[key] ?? '') === clean[key]);
    return { filters, isClean };
  }, [raw, companyIds]);
}
