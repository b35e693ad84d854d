import { queryOptions } from '@tanstack/react-query';
import type { SalesLinesExportProgress, SalesLinesQuery, SalesLinesResponse } from '@comptoir/contracts';
import { apiFetch, apiGet } from '../../api/api';
import { isExportFinished } from './salesLinesExportRules';

export const salesLinesQueries = {
  all: () => ['sales-lines'] as const,
  /** Spec 3 §7 `POST dataExport/getOrderLines` with `limit` true: the preview. */
  preview: (query: SalesLinesQuery) =>
    queryOptions({
      queryKey: [...salesLinesQueries.all(), 'preview', query] as const,
      queryFn: ({ signal }) =>
        apiFetch<SalesLinesResponse>('/api/dataExport/getOrderLines', {
          method: 'POST',
          body: query,
          signal,
        }).then((answer) => answer[0] ?? { success: true as const, data: [], total: 0 }),
      staleTime: 60_000,
    }),
  /** Where a queued export stands, asked every second until its job has ended. */
  progress: (exportId: string) =>
    queryOptions({
      queryKey: [...salesLinesQueries.all(), 'export', exportId] as const,
      queryFn: ({ signal }) =>
        apiGet<SalesLinesExportProgress>(`/api/dataExport/exports/${encodeURIComponent(exportId)}`, signal),
      // Then every 15 s while its mail waits or is tried again.
      refetchInterval: (query) =>
        !query.state.data || !isExportFinished(query.state.data.status)
          ? 1000
          : query.state.data.mail?.status === 'waiting' || query.state.data.mail?.status === 'retrying'
            ? 15_000
            : false,
    }),
};
