import { queryOptions } from '@tanstack/react-query';
import type { FaqResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import type { Language } from '../../i18n/i18n';

export const faqQueries = {
  all: () => ['faq'] as const,
  list: (language: Language) =>
    queryOptions({
      queryKey: [...faqQueries.all(), language] as const,
      queryFn: ({ signal }) => apiGet<FaqResponse>(`/api/faq?locale=${encodeURIComponent(language)}`, signal),
      // Product content: it changes with a new version, not while the page is open.
      staleTime: 60 * 60 * 1000,
    }),
};
