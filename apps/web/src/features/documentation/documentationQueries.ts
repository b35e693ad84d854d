import { queryOptions } from '@tanstack/react-query';
import type { DocumentationResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const documentationQueries = {
  all: () => ['documentation'] as const,
  /** The caller's library: the server picks the suite or the standard documents (spec 1 §2.7). */
  list: () =>
    queryOptions({
      queryKey: [...documentationQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiGet<DocumentationResponse>('/api/documentation', signal),
      select: (response) => response.documents,
    }),
};

/** The name a download is saved under: the file's own name (`guide-comptes-clients.pdf`). */
export function downloadName(pdfUrl: string): string {
  const last = pdfUrl.split('?')[0]!.split('/').pop() ?? '';
  return decodeURIComponent(last) || 'document.pdf';
}
