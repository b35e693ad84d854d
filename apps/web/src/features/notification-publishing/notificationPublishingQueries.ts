import { queryOptions } from '@tanstack/react-query';
import type { PublishedNotificationsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const notificationPublishingQueries = {
  all: () => ['notification-publishing'] as const,
  published: () =>
    queryOptions({
      queryKey: [...notificationPublishingQueries.all(), 'published'] as const,
      queryFn: ({ signal }) => apiGet<PublishedNotificationsResponse>('/api/support/notifications', signal),
    }),
};
