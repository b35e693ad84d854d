import { queryOptions } from '@tanstack/react-query';
import type { SupportAccountsResponse, SupportOutboxQuery, SupportOutboxResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const supportQueries = {
  all: () => ['support'] as const,
  accounts: () =>
    queryOptions({
      queryKey: [...supportQueries.all(), 'accounts'] as const,
      queryFn: ({ signal }) => apiGet<SupportAccountsResponse>('/api/support/accounts', signal),
      staleTime: 60_000,
    }),
  /** The mail outbox, newest first; asked again every 15 s, as often as the outbox tries. */
  outbox: (filter: SupportOutboxQuery['filter']) =>
    queryOptions({
      queryKey: [...supportQueries.all(), 'outbox', filter] as const,
      queryFn: ({ signal }) =>
        apiGet<SupportOutboxResponse>(`/api/support/mail-outbox?filter=${filter}`, signal),
      refetchInterval: 15_000,
    }),
};
