import { queryOptions } from '@tanstack/react-query';
import type { MailboxListResponse, MailboxMessage } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

/** The dev mailbox follows the flows being tried: new mail shows up within a few seconds. */
const MAILBOX_REFRESH_MS = 5000;

export const mailboxQueries = {
  all: () => ['mailbox'] as const,
  list: () =>
    queryOptions({
      queryKey: [...mailboxQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiGet<MailboxListResponse>('/api/dev/mailbox', signal),
      refetchInterval: MAILBOX_REFRESH_MS,
    }),
  message: (id: string) =>
    queryOptions({
      queryKey: [...mailboxQueries.all(), 'message', id] as const,
      queryFn: ({ signal }) => apiGet<MailboxMessage>(`/api/dev/mailbox/${encodeURIComponent(id)}`, signal),
    }),
};
