import { useMutation } from '@tanstack/react-query';
import type { SalesLinesExportBody, SalesLinesExportResponse } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';

/** Spec 3 §7 `POST dataExport/exportData`: queues the export; the link to the file comes by e-mail. */
export function useSalesLinesExportMutation() {
  return useMutation({
    mutationFn: (body: SalesLinesExportBody) =>
      apiFetch<SalesLinesExportResponse>('/api/dataExport/exportData', { method: 'POST', body }).then(
        (answer) => answer[0]!,
      ),
  });
}
