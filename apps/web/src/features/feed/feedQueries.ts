import { queryOptions } from '@tanstack/react-query';
import type { FeedResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import type { Language } from '../../i18n/i18n';

export const feedQueries = {
  all: () => ['feed'] as const,
  items: (name: string, language: Language) =>
    queryOptions({
      queryKey: [...feedQueries.all(), name, language] as const,
      queryFn: ({ signal }) =>
        apiGet<FeedResponse>(
          `/api/feed/${encodeURIComponent(name)}/?locale=${encodeURIComponent(language)}`,
          signal,
        ),
      select: (response) => response.formatedFeed.feeds,
    }),
};
