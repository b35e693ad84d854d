import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerAccountDetailResponse,
  CustomerAccountsRemovedResponse,
  CustomerCreditsResponse,
  CustomerNotesQuery,
  CustomerNotesResponse,
  CustomerPaymentRecord,
  CustomerPaymentRecorded,
  TicketPdfAction,
  TicketPdfRequest,
  TicketSendRequest,
  TicketSendResponse,
} from '@comptoir/contracts';
import { apiFetch, apiFile } from '../../api/api';
import { customerAccountQueries } from './customerAccounts.queries';

/** A preview is kept while the selection and options stay the same. */
const PDF_STALE_MS = 10 * 60_000;

/** The generated PDF and its file's name (`content-disposition`). */
export interface TicketPdf {
  file: Blob;
  nameFile: string;
}

function post<T>(path: string, body: object, signal?: AbortSignal): Promise<T> {
  return apiFetch<T>(path, { method: 'POST', body, ...(signal ? { signal } : {}) });
}

/** The calls of the customer-account detail page and its ticket panel (spec 3 §7 "Customer detail"). */
export const customerDetailQueries = {
  all: () => [...customerAccountQueries.all(), 'detail'] as const,
  detail: (ids: string, companyId: string | null) =>
    queryOptions({
      queryKey: [...customerDetailQueries.all(), ids, companyId] as const,
      queryFn: ({ signal }) =>
        post<CustomerAccountDetailResponse>(
          `/api/customer-account/${encodeURIComponent(ids)}`,
          { id_company: companyId },
          signal,
        ),
      retry: false,
    }),
  notes: (filter: 'unpaid' | 'paid', query: CustomerNotesQuery) =>
    queryOptions({
      queryKey: [...customerDetailQueries.all(), 'notes', filter, query] as const,
      queryFn: ({ signal }) =>
        post<CustomerNotesResponse>(`/api/customer-account/notes/${filter}`, query, signal),
    }),
  credits: (query: CustomerNotesQuery) =>
    queryOptions({
      queryKey: [...customerDetailQueries.all(), 'notes', 'credits', query] as const,
      queryFn: ({ signal }) =>
        post<CustomerCreditsResponse>('/api/customer-account/notes/credits', query, signal),
    }),
  ticketPdf: (action: TicketPdfAction, request: TicketPdfRequest) =>
    queryOptions({
      queryKey: [...customerDetailQueries.all(), 'ticketPdf', action, request] as const,
      queryFn: async ({ signal }): Promise<TicketPdf> => {
        // The PDF comes in the answer: the server stores no copy of a preview.
        const { blob, fileName } = await apiFile(`/api/customer-account/notes/${action}`, {
          method: 'POST',
          body: request,
          signal,
        });
        return {
          file: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
          nameFile: fileName ?? `notes-${action}.pdf`,
        };
      },
      staleTime: PDF_STALE_MS,
      gcTime: PDF_STALE_MS,
      retry: false,
      // The preview in place stays while the next one is made.
      placeholderData: keepPreviousData,
    }),
};

export function useRemoveCustomerAccountMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) =>
      post<CustomerAccountsRemovedResponse>('/api/customer-account/customer/removed', { customerId }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: customerAccountQueries.all(), refetchType: 'none' }),
  });
}

/**
 * A payment received outside the till (issue 31, item 27): once recorded, the balance, the notes and
 * the credits of every customer page and list are read again.
 */
export function useRecordPaymentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerPaymentRecord) =>
      post<CustomerPaymentRecorded>('/api/customer-account/payments', body),
    onSuccess: () => client.invalidateQueries({ queryKey: customerAccountQueries.all() }),
  });
}

export function useSendTicketMutation() {
  return useMutation({
    mutationFn: (request: TicketSendRequest) =>
      post<TicketSendResponse>('/api/customer-account/notes/send', request),
  });
}
