import { queryOptions } from '@tanstack/react-query';
import type { DocumentationResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import type { Language } from '../../i18n/i18n';

export const documentationQueries = {
  all: () => ['documentation'] as const,
  /**
   * The caller's library: the server picks the suite or the standard documents (spec 1 §2.7), titled
   * and described in the portal's language.
   */
  list: (language: Language) =>
    queryOptions({
      queryKey: [...documentationQueries.all(), 'list', language] as const,
      queryFn: ({ signal }) =>
        apiGet<DocumentationResponse>(`/api/documentation?locale=${encodeURIComponent(language)}`, signal),
      select: (response) => response.documents,
    }),
};

/** The name a download is saved under: the file's own name (`guide-comptes-clients.pdf`). */
export function downloadName(pdfUrl: string): string {
  const last = pdfUrl.split('?')[0]!.split('/').pop() ?? '';
  return decodeURIComponent(last) || 'document.pdf';
}
