import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublishedNotification, PublishNotificationRequest } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';
import { notificationPublishingQueries } from './notificationPublishingQueries';

export function usePublishNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishNotificationRequest) =>
      apiFetch<PublishedNotification>('/api/support/notifications', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationPublishingQueries.all() }),
  });
}

export function useEndNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<PublishedNotification>(`/api/support/notifications/${id}/end`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationPublishingQueries.all() }),
  });
}
