import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountingExportAccepted,
  AccountingExportBody,
  AccountingCustomerBalances,
  AccountingExercisesResponse,
  AccountingVatSummary,
  AccountingExportMode,
  AccountingExportableResponse,
  AccountingExportsResponse,
  AccountingPreviewResponse,
  AccountingVatKeysResponse,
} from '@comptoir/contracts';
import { apiFetch, apiGet } from '../../api/api';
import { accountingPeriodQuery, hasPendingExport, type AccountingPeriod } from './accountingExportRules';

/** While an export is queued or running, the list is asked again this often. */
const PENDING_POLL_MS = 2000;

export const accountingExportQueries = {
  all: () => ['accountingExport'] as const,
  /** The establishment's VAT keys: the preview mode selector starts on the saved mode. */
  vatKeys: (companyId: string) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'vatKeys', companyId] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingVatKeysResponse>(
          `/api/exportVat/getVatKeys?${new URLSearchParams({ idCompany: companyId }).toString()}`,
          signal,
        ),
      enabled: companyId !== '',
    }),
  exportable: (period: AccountingPeriod | null) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'exportable', period] as const,
      queryFn: ({ signal }) =>
        apiFetch<AccountingExportableResponse>('/api/exportVat/isExportable', {
          method: 'POST',
          body: period ? accountingPeriodQuery(period) : undefined,
          signal,
        }),
      enabled: period !== null,
    }),
  preview: (period: AccountingPeriod | null, mode: AccountingExportMode, isEnabled: boolean) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'preview', period, mode] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingPreviewResponse>(
          `/api/exportVat/getExportDatas?${new URLSearchParams({
            ...(period ? accountingPeriodQuery(period) : {}),
            limit: 'true',
            mode: String(mode),
          }).toString()}`,
          signal,
        ),
      enabled: period !== null && isEnabled,
    }),
  exports: (companyId: string) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'exports', companyId] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingExportsResponse>(
          `/api/exportVat/exports?${new URLSearchParams({ idCompany: companyId }).toString()}`,
          signal,
        ),
      enabled: companyId !== '',
      refetchInterval: (query) => (hasPendingExport(query.state.data) ? PENDING_POLL_MS : false),
    }),
  /** Asked again whenever another FEC export of the establishment is done (`booked`). */
  exercises: (companyId: string, booked: number) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'exercises', companyId, booked] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingExercisesResponse>(
          `/api/exportVat/exercises?${new URLSearchParams({ idCompany: companyId }).toString()}`,
          signal,
        ),
      enabled: companyId !== '',
    }),
  customerBalances: (companyId: string, month: string) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'customerBalances', companyId, month] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingCustomerBalances>(
          `/api/exportVat/customerBalances?${new URLSearchParams({ idCompany: companyId, month }).toString()}`,
          signal,
        ),
      enabled: companyId !== '' && /^\d{4}-\d{2}$/.test(month),
    }),
  vatSummary: (companyId: string, month: string) =>
    queryOptions({
      queryKey: [...accountingExportQueries.all(), 'vatSummary', companyId, month] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingVatSummary>(
          `/api/exportVat/vatSummary?${new URLSearchParams({ idCompany: companyId, month }).toString()}`,
          signal,
        ),
      enabled: companyId !== '' && /^\d{4}-\d{2}$/.test(month),
    }),
};

/** `POST exportVat/export`: queues the file; the list of past exports then shows it. */
export function useAccountingExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingExportBody) =>
      apiFetch<AccountingExportAccepted>('/api/exportVat/export', { method: 'POST', body }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...accountingExportQueries.all(), 'exports'] }),
  });
}

/** After the drawer saved a change, exportability, the preview and the saved mode are asked again. */
export function useRefreshAfterConfiguration() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['exportable', 'preview', 'vatKeys'] as const).map((part) =>
        queryClient.invalidateQueries({ queryKey: [...accountingExportQueries.all(), part] }),
      ),
    );
}
