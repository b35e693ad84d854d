import { infiniteQueryOptions } from '@tanstack/react-query';
import type { JetListResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import { withQuery } from '../fiscal/fiscalQueries';

export interface JetFilters {
  startDate: string;
  endDate: string;
  /** One event code, or '' for all. */
  code: string;
}

/** The journal a page of 500 events at a time, newest first; the next page starts below the last seq. */
export const jetQueries = {
  journal: (filters: JetFilters) =>
    infiniteQueryOptions({
      queryKey: ['fiscal', 'jet', filters] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGet<JetListResponse>(
          withQuery('/api/administration-fiscale/jet', { ...filters, beforeSeq: pageParam }),
          signal,
        ),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.nextBeforeSeq ?? undefined,
    }),
};
