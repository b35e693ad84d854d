import { queryOptions } from '@tanstack/react-query';
import type { NotificationsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import type { Language } from '../../i18n/i18n';

export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: (language: Language) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list', language] as const,
      queryFn: ({ signal }) =>
        apiGet<NotificationsResponse>(`/api/notifications?locale=${encodeURIComponent(language)}`, signal),
    }),
};
