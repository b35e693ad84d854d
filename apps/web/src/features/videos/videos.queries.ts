import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoStateEntry, VideoStatesResponse, VideosResponse } from '@comptoir/contracts';
import { apiFetch, apiGet } from '../../api/api';
import type { Language } from '../../i18n/i18n';
import { withChanges, withStates } from './videoRules';

/** The training videos with the caller's states (spec 1 §7), titled in the portal's language. */
export const videoQueries = {
  all: () => ['videos'] as const,
  list: (language: Language) =>
    queryOptions({
      queryKey: [...videoQueries.all(), 'list', language] as const,
      queryFn: ({ signal }) =>
        apiGet<VideosResponse>(`/api/videos?locale=${encodeURIComponent(language)}`, signal),
    }),
};

/**
 * Stores player events (`POST api/videos/states`). The list changes at once; the server's answer
 * then replaces its states. Saves run one after the other, so that a late answer never undoes a
 * newer event.
 */
export function useSaveVideoStatesMutation(language: Language) {
  const client = useQueryClient();
  const key = videoQueries.list(language).queryKey;
  return useMutation({
    scope: { id: 'video-states' },
    mutationFn: (changes: VideoStateEntry[]) =>
      apiFetch<VideoStatesResponse>('/api/videos/states', { method: 'POST', body: changes }),
    onMutate: (changes) => {
      const list = client.getQueryData(key);
      if (!list) return;
      client.setQueryData(key, { videos: withChanges(list.videos, changes) });
    },
    onSuccess: ({ states }) => {
      client.setQueryData(key, (list) => list && { videos: withStates(list.videos, states) });
    },
    // A refused or lost save: the server's states come back.
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}
