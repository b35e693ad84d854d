import { queryOptions } from '@tanstack/react-query';
import type { FiscalErrorDetail, FiscalErrorsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

/** The errors page's calls; a check that just ran must show at once, so nothing is kept stale long. */
export const fiscalErrorsQueries = {
  list: () =>
    queryOptions({
      queryKey: ['fiscal', 'errors'] as const,
      queryFn: ({ signal }) => apiGet<FiscalErrorsResponse>('/api/administration-fiscale/errors', signal),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['fiscal', 'errors', id] as const,
      queryFn: ({ signal }) =>
        apiGet<FiscalErrorDetail>(`/api/administration-fiscale/errors/${encodeURIComponent(id)}`, signal),
    }),
};

export const ERRORS_PATH = '/administration-fiscale/errors';

export function errorDetailPath(defectId: string): string {
  return `${ERRORS_PATH}/details/${encodeURIComponent(defectId)}`;
}
