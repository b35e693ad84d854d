import { queryOptions } from '@tanstack/react-query';
import type { UserMe } from '@comptoir/contracts';
import { apiGet } from './api';

export const userQueries = {
  all: () => ['user'] as const,
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => apiGet<UserMe>('/api/user/me', signal),
      staleTime: 5 * 60_000,
    }),
};
