import { queryOptions } from '@tanstack/react-query';
import type { CategoriesResponse, SubUserServices } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import type { Language } from '../../i18n/i18n';

export const menuQueries = {
  all: () => ['menu'] as const,
  categories: (language: Language) =>
    queryOptions({
      queryKey: [...menuQueries.all(), 'categories', language] as const,
      queryFn: ({ signal }) => apiGet<CategoriesResponse>(`/api/categories?locale=${language}`, signal),
      staleTime: 10 * 60_000,
    }),
  subUserServices: (refreshToken: string) =>
    queryOptions({
      queryKey: [...menuQueries.all(), 'subUserServices'] as const,
      queryFn: async ({ signal }) => {
        const response = await fetch('/api/auth/accessToken/subuser/services', {
          headers: { accept: 'application/json', refreshToken },
          signal,
        });
        if (!response.ok) throw new Error(`services: HTTP ${response.status}`);
        return ((await response.json()) as SubUserServices).services;
      },
      staleTime: 10 * 60_000,
    }),
};
