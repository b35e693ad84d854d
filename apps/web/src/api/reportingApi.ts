import { STORAGE_KEYS } from './constants';
import { apiFetch, type ApiRequest } from './api';

type Method = NonNullable<ApiRequest['method']>;

/** The reporting filters the spec keeps in session storage and sends as headers (spec §7). */
export function reportingHeaders(storage: Pick<Storage, 'getItem'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const idCompany = storage.getItem(STORAGE_KEYS.idCompany);
  const dateBegin = storage.getItem(STORAGE_KEYS.dateBegin);
  const dateEnd = storage.getItem(STORAGE_KEYS.dateEnd);
  if (idCompany) headers['x-id-company'] = idCompany;
  if (dateBegin) headers['x-date-begin'] = dateBegin;
  if (dateEnd) headers['x-date-end'] = dateEnd;
  return headers;
}

/** Keeps the reporting filters for the next calls; `null` forgets one. */
export function setReportingFilters(filters: {
  idCompany?: string | null;
  dateBegin?: string | null;
  dateEnd?: string | null;
}): void {
  const entries = [
    [STORAGE_KEYS.idCompany, filters.idCompany],
    [STORAGE_KEYS.dateBegin, filters.dateBegin],
    [STORAGE_KEYS.dateEnd, filters.dateEnd],
  ] as const;
  for (const [key, value] of entries) {
    if (value === null) sessionStorage.removeItem(key);
    else if (value !== undefined) sessionStorage.setItem(key, value);
  }
}

/** `api/{resource}/{idOrPath}` with a GET payload as query string, others as JSON body. */
export function reportingPath(method: Method, resource: string, idOrPath?: string, payload?: object): string {
  const path = `/api/${resource}${idOrPath ? `/${idOrPath}` : ''}`;
  if (method !== 'GET' || !payload) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Spec §7 generic reporting-API helper: Bearer token, x-id-company, x-date-begin and x-date-end from
 * session storage plus optional extras. Resolves to an array holding the response data; errors are
 * rethrown to the caller.
 */
export async function reportingRequest<T>(
  method: Method,
  resource: string,
  idOrPath?: string,
  payload?: object,
  extraHeaders: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<[T]> {
  const data = await apiFetch<T>(reportingPath(method, resource, idOrPath, payload), {
    method,
    headers: { ...reportingHeaders(sessionStorage), ...extraHeaders },
    ...(method !== 'GET' && payload !== undefined ? { body: payload } : {}),
    ...(signal ? { signal } : {}),
  });
  return [data];
}
