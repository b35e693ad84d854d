import { useMutation } from '@tanstack/react-query';
import type { ProductLinesExportAccepted, ProductLinesExportQuery } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

/** Spec 1 §7 `GET dataExport/exportProductLines`: queues the export; the file comes by e-mail. */
export function useProductLinesExportMutation() {
  return useMutation({
    mutationFn: (query: ProductLinesExportQuery) =>
      apiGet<ProductLinesExportAccepted>(
        `/api/dataExport/exportProductLines?${new URLSearchParams({ ...query }).toString()}`,
      ),
  });
}
