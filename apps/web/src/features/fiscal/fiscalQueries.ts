import { queryOptions } from '@tanstack/react-query';
import {
  fiscalPdfUrl,
  pdfDataUrl,
  type ClosureByIdResponse,
  type ClosureListResponse,
  type ControlStripRowsResponse,
  type TechnicalInterventionListResponse,
  type TechnicalInterventionQuery,
  type TrackingKind,
  type TrackingQuery,
  type TrackingResponseOf,
  type PdfData,
  type PdfTarget,
  type TrackingServerResponse,
} from '@comptoir/contracts';
import { ApiError, apiFetch, apiGet } from '../../api/api';
import type { ClosureFilters } from './closureFilters';

/** Fiscal records never change once stored: what was read stays true for the visit. */
const FISCAL_STALE_MS = 5 * 60_000;

/** `path?query` without the empty parameters. */
export function withQuery(path: string, query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The fiscal calls of spec 2 §7. `apiFetch` sends the session's token: the inspector's fiscal one in
 * a fiscal session, the holder's otherwise.
 */
export const fiscalQueries = {
  all: () => ['fiscal'] as const,
  closures: (filters: ClosureFilters) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'cloture', filters] as const,
      queryFn: ({ signal }) =>
        apiGet<ClosureListResponse>(withQuery('/api/administration-fiscale/cloture', filters), signal),
      staleTime: FISCAL_STALE_MS,
    }),
  closure: (closureId: string) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'clotureById', closureId] as const,
      queryFn: async ({ signal }) => {
        const { closures } = await apiFetch<ClosureByIdResponse>('/api/administration-fiscale/clotureById', {
          method: 'POST',
          body: { cloturesIds: [closureId] },
          signal,
        });
        return closures[0] ?? null;
      },
      staleTime: FISCAL_STALE_MS,
    }),
  tracking: <K extends TrackingKind>(kind: K, query: TrackingQuery) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'tracking', kind, query] as const,
      queryFn: async ({ signal }) => {
        const answer = await apiGet<TrackingResponseOf<K>>(
          withQuery(`/api/administration-fiscale/tracking/${kind}`, query),
          signal,
        );
        return answer.rows as TrackingResponseOf<K>['rows'];
      },
      staleTime: FISCAL_STALE_MS,
    }),
  trackingServer: (range: { startDate: string; endDate: string }) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'tracking-server', range] as const,
      queryFn: async ({ signal }) =>
        (
          await apiGet<TrackingServerResponse>(
            withQuery('/api/administration-fiscale/tracking-server', range),
            signal,
          )
        ).rows,
      staleTime: FISCAL_STALE_MS,
    }),
  shiftControlStrip: (serviceId: string) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'controlStripShiftDocument', serviceId] as const,
      queryFn: async ({ signal }) =>
        (
          await apiGet<ControlStripRowsResponse>(
            withQuery('/api/controlStripShiftDocument', { idShiftDocument: serviceId }),
            signal,
          )
        ).rows,
      staleTime: FISCAL_STALE_MS,
    }),
  salesControlStrip: (orderId: string) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'controlStripSalesDocument', orderId] as const,
      queryFn: async ({ signal }) =>
        (
          await apiGet<ControlStripRowsResponse>(
            withQuery('/api/controlStripSalesDocument', { idSalesDocument: orderId }),
            signal,
          )
        ).rows,
      staleTime: FISCAL_STALE_MS,
    }),
  interventions: (query: TechnicalInterventionQuery) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'technical-intervention', query] as const,
      queryFn: async ({ signal }) =>
        (
          await apiGet<TechnicalInterventionListResponse>(
            withQuery('/api/technical-intervention', query),
            signal,
          )
        ).rows,
      staleTime: FISCAL_STALE_MS,
    }),
  /**
   * A record's print, signed by `pdf-data` for this one document just before it is fetched, once per
   * opening: each print is traced as a reprint in the user's name, so nothing is kept.
   */
  pdf: (target: PdfTarget) =>
    queryOptions({
      queryKey: [...fiscalQueries.all(), 'pdf', target] as const,
      queryFn: ({ signal }) => fetchPdf(target, signal),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};

/** `pdf-data` signs the document's link, then the data host answers the PDF or `{error}`. */
async function fetchPdf(target: PdfTarget, signal: AbortSignal): Promise<Blob> {
  const data = await apiGet<PdfData>(pdfDataUrl(target), signal);
  const response = await fetch(fiscalPdfUrl(data, target), { signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? `HTTP_${response.status}`,
      body?.error?.message ?? '',
    );
  }
  return response.blob();
}
