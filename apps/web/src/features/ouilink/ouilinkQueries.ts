import { queryOptions } from '@tanstack/react-query';
import type { OuilinkResponse } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';

export const ouilinkQueries = {
  all: () => ['ouilink'] as const,
  /**
   * `POST /api/ouilink`: a fresh answer on every visit (the token lives 5 minutes), never retried
   * nor refetched behind the user's back, which would reload the partner's frame.
   */
  link: () =>
    queryOptions({
      queryKey: [...ouilinkQueries.all(), 'link'] as const,
      queryFn: ({ signal }) => apiFetch<OuilinkResponse>('/api/ouilink', { method: 'POST', signal }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};
