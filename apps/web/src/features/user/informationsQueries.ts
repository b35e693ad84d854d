import { queryOptions } from '@tanstack/react-query';
import type { Informations } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const informationsQueries = {
  all: () => ['informations'] as const,
  versions: () =>
    queryOptions({
      queryKey: [...informationsQueries.all(), 'versions'] as const,
      queryFn: ({ signal }) => apiGet<Informations>('/api/informations', signal),
      // Versions change with a deployment, which reloads the portal anyway.
      staleTime: Infinity,
    }),
};
