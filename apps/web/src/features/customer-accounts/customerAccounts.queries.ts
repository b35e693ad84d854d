import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CustomerAgeingBucket,
  type CustomerDunningListResponse,
  type CustomerDunningRequest,
  type CustomerDunningResponse,
  type CustomerDunningResult,
  type CustomerReceivablesResponse,
  CUSTOMER_LIST_MAX_PAGE_SIZE,
  type CustomerAccountDetailResponse,
  type CustomerAccountListItem,
  type CustomerAccountListQuery,
  type CustomerAccountListResponse,
  type CustomerAccountsRemovedResponse,
  type CustomerAccountUsersResponse,
  type CustomerDataExportBody,
  type CustomerDataExportResponse,
  type CustomerHistoryExportResponse,
  type CustomerHistoryQuery,
  type CustomerHistoryResponse,
  type CustomerOptionKey,
  type CustomerOptionsSaved,
  type CustomerOptionsResponse,
  type CustomerUpdateDataInput,
} from '@comptoir/contracts';
import { ApiError, apiFetch, apiGet } from '../../api/api';
import { dunningBatches } from './customerDunningRules';

/** `path?query` without the empty parameters. */
function withQuery(path: string, query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The calls of the customer-accounts list and its modals (spec 3 §7). */
export const customerAccountQueries = {
  all: () => ['customer-accounts'] as const,
  lists: () => [...customerAccountQueries.all(), 'list'] as const,
  list: (query: CustomerAccountListQuery) =>
    queryOptions({
      queryKey: [...customerAccountQueries.lists(), query] as const,
      queryFn: ({ signal }) =>
        apiGet<CustomerAccountListResponse>(withQuery('/api/customer-account', query), signal),
    }),
  /** The account as the detail gives it, for what the list leaves out (the credit limit). */
  detail: (account: CustomerAccountListItem) =>
    queryOptions({
      queryKey: [...customerAccountQueries.all(), 'detail', account.id] as const,
      queryFn: ({ signal }) =>
        apiFetch<CustomerAccountDetailResponse>(
          `/api/customer-account/${account.companies.map((company) => company.uniq_id_customer).join(',')}`,
          {
            method: 'POST',
            body: { id_company: account.companies.length === 1 ? account.companies[0]?.id : null },
            signal,
          },
        ),
    }),
  options: () =>
    queryOptions({
      queryKey: [...customerAccountQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => apiGet<CustomerOptionsResponse>('/api/customer-account/getOptions', signal),
    }),
  /** What the customers owe, aged (issue 31, item 24). */
  receivables: (bucket: CustomerAgeingBucket | null) =>
    queryOptions({
      queryKey: [...customerAccountQueries.all(), 'receivables', bucket] as const,
      queryFn: ({ signal }) =>
        apiGet<CustomerReceivablesResponse>(
          withQuery('/api/customer-account/receivables', bucket ? { bucket } : {}),
          signal,
        ),
    }),
  /** The reminders mailed to one customer (issue 31, item 26). */
  dunning: (customerId: string) =>
    queryOptions({
      queryKey: [...customerAccountQueries.all(), 'dunning', customerId] as const,
      queryFn: ({ signal }) =>
        apiGet<CustomerDunningListResponse>(
          withQuery('/api/customer-account/dunning', { customerId }),
          signal,
        ),
    }),
  users: () =>
    queryOptions({
      queryKey: [...customerAccountQueries.all(), 'users'] as const,
      queryFn: ({ signal }) => apiGet<CustomerAccountUsersResponse>('/api/user/users', signal),
      staleTime: 5 * 60_000,
    }),
};

/** Every row the list holds, for its CSV file: the pages of the largest size, one after the other. */
/**
 * Every account matching the list's search and filters, beyond the 100 the unfiltered list shows
 * (the table's extraction, issue 31, item 16), a thousand a request.
 */
export async function allListedAccounts(query: CustomerAccountListQuery): Promise<CustomerAccountListItem[]> {
  const rows: CustomerAccountListItem[] = [];
  for (let page = 1, total = 1; (page - 1) * CUSTOMER_LIST_MAX_PAGE_SIZE < total; page += 1) {
    const answer = await apiGet<CustomerAccountListResponse>(
      withQuery('/api/customer-account', {
        ...query,
        every: '1',
        page,
        pageSize: CUSTOMER_LIST_MAX_PAGE_SIZE,
      }),
    );
    rows.push(...answer.accounts);
    total = answer.total;
  }
  return rows;
}

export function useRemoveCustomerAccountsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (customerIds: string[]) =>
      apiFetch<CustomerAccountsRemovedResponse>('/api/customer-account/customers/removed', {
        method: 'POST',
        body: { customerIds },
      }),
    // The rows leave the list locally (spec 3 §4); the next visit asks the server again.
    onSuccess: ({ customerIds }) => {
      client.setQueriesData<CustomerAccountListResponse>(
        { queryKey: customerAccountQueries.lists() },
        (list) =>
          list && {
            ...list,
            total: list.total - list.accounts.filter((account) => customerIds.includes(account.id)).length,
            accounts: list.accounts.filter((account) => !customerIds.includes(account.id)),
          },
      );
      void client.invalidateQueries({ queryKey: customerAccountQueries.lists(), refetchType: 'none' });
    },
  });
}

/** One call per changed option (spec 3 §7), in order; the first refusal stops the rest. */
export function useSaveCustomerOptionsMutation() {
  const client = useQueryClient();
  return useMutation({
    // All the changes together: the server stores every one or none (issue 31, item 12).
    mutationFn: async (changes: { key: CustomerOptionKey; value: string }[]) =>
      (
        await apiFetch<CustomerOptionsSaved>('/api/customer-account/options', {
          method: 'PUT',
          body: { options: changes },
        })
      ).options,
    onSettled: () => client.invalidateQueries({ queryKey: customerAccountQueries.options().queryKey }),
  });
}

export function useUpdateCustomerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: CustomerUpdateDataInput) =>
      apiFetch<CustomerAccountDetailResponse>('/api/customer-account/customer/updateData', {
        method: 'PUT',
        body: update,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerAccountQueries.all() }),
  });
}

export type CustomerDataExportKind = 'all-customers' | 'unpaid-sales';

export function useCustomerDataExportMutation() {
  return useMutation({
    mutationFn: ({ kind, body }: { kind: CustomerDataExportKind; body: CustomerDataExportBody }) =>
      apiFetch<CustomerDataExportResponse>(`/api/customer-account/export-xls-${kind}`, {
        method: 'POST',
        body,
      }),
  });
}

export function useCustomerHistoryMutation() {
  return useMutation({
    mutationFn: (query: CustomerHistoryQuery) =>
      apiGet<CustomerHistoryResponse>(withQuery('/api/customer-account/getCustomerHistory', query)),
  });
}

export function useExportCustomerHistoryMutation() {
  return useMutation({
    mutationFn: (query: CustomerHistoryQuery) =>
      apiGet<CustomerHistoryExportResponse>(withQuery('/api/customer-account/exportCustomerHistory', query)),
  });
}

/** What a dunning action gave: every answered customer, and the refusal that stopped it, if any. */
export interface DunningOutcome {
  results: CustomerDunningResult[];
  error: ApiError | null;
}

/**
 * Sends the reminders 25 customers a request (the server's limit), telling how many were answered
 * after each; a refusal stops the rest and comes back with what was already sent.
 */
export function useSendRemindersMutation(onProgress: (answered: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: CustomerDunningRequest): Promise<DunningOutcome> => {
      const results: CustomerDunningResult[] = [];
      for (const customerIds of dunningBatches(request.customerIds)) {
        try {
          const answer = await apiFetch<CustomerDunningResponse>('/api/customer-account/dunning', {
            method: 'POST',
            body: { ...request, customerIds },
          });
          results.push(...answer.results);
          onProgress(results.length);
        } catch (error) {
          if (error instanceof ApiError) return { results, error };
          throw error;
        }
      }
      return { results, error: null };
    },
    // The receivables' last reminder and the customers' records changed.
    onSettled: () => client.invalidateQueries({ queryKey: customerAccountQueries.all() }),
  });
}
