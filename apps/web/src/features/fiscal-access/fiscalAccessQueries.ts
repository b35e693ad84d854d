import { queryOptions } from '@tanstack/react-query';
import type { SupportFiscalAccessRequestsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const fiscalAccessQueries = {
  all: () => ['fiscalAccess'] as const,
  /** Support staff's queue: pending requests first. */
  requests: () =>
    queryOptions({
      queryKey: [...fiscalAccessQueries.all(), 'requests'] as const,
      queryFn: ({ signal }) =>
        apiGet<SupportFiscalAccessRequestsResponse>('/api/support/fiscal-access-requests', signal),
      staleTime: 30_000,
    }),
};
