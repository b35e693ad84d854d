import { queryOptions } from '@tanstack/react-query';
import type { SupportAccountsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const supportQueries = {
  all: () => ['support'] as const,
  accounts: () =>
    queryOptions({
      queryKey: [...supportQueries.all(), 'accounts'] as const,
      queryFn: ({ signal }) => apiGet<SupportAccountsResponse>('/api/support/accounts', signal),
      staleTime: 60_000,
    }),
};
