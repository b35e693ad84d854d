import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountingAccountCreate,
  AccountingAccountSaved,
  AccountingAccountsResponse,
  AccountingAccountUpdate,
  AccountingChartApplied,
  AccountingChartProposalResponse,
  AccountingChoicesResponse,
  AccountingLinkingUpdate,
  AccountingLinksResponse,
  AccountingResult,
  AccountingVatKeysResponse,
  AccountingVatKeysUpdate,
  IsSwiftResponse,
} from '@comptoir/contracts';
import { apiFetch, apiGet } from '../../api/api';

const withCompany = (path: string, companyId: string) =>
  `${path}?${new URLSearchParams({ idCompany: companyId }).toString()}`;

/** The drawer's lists of one establishment: accounts, links, keys, and what links may name. */
export type AccountingChoiceList =
  | 'exportVat/getContacts'
  | 'user/floorsName'
  | 'user/vat'
  | 'user/productTypes'
  | 'user/discounts'
  | 'user/products'
  | 'user/cashBackPaymentType';

export const accountingConfigQueries = {
  all: () => ['accountingConfig'] as const,
  company: (companyId: string) => [...accountingConfigQueries.all(), companyId] as const,
  accounts: (companyId: string) =>
    queryOptions({
      queryKey: [...accountingConfigQueries.company(companyId), 'accounts'] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingAccountsResponse>(withCompany('/api/exportVat/getVatAccounts', companyId), signal),
      select: (answer) => answer[0]?.datas ?? [],
    }),
  links: (companyId: string) =>
    queryOptions({
      queryKey: [...accountingConfigQueries.company(companyId), 'links'] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingLinksResponse>(withCompany('/api/exportVat/getAccountLinking', companyId), signal),
      select: (answer) => answer[0]?.datas ?? [],
    }),
  choices: (companyId: string, list: AccountingChoiceList) =>
    queryOptions({
      queryKey: [...accountingConfigQueries.company(companyId), 'choices', list] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingChoicesResponse>(withCompany(`/api/${list}`, companyId), signal),
      select: (answer) => answer[0]?.datas ?? [],
    }),
  vatKeys: (companyId: string) =>
    queryOptions({
      queryKey: [...accountingConfigQueries.company(companyId), 'vatKeys'] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingVatKeysResponse>(withCompany('/api/exportVat/getVatKeys', companyId), signal),
    }),
  proposal: (companyId: string) =>
    queryOptions({
      queryKey: [...accountingConfigQueries.company(companyId), 'proposal'] as const,
      queryFn: ({ signal }) =>
        apiGet<AccountingChartProposalResponse>(
          withCompany('/api/exportVat/proposeChart', companyId),
          signal,
        ),
      select: (answer) => answer[0]?.datas,
    }),
  isSwift: () =>
    queryOptions({
      queryKey: [...accountingConfigQueries.all(), 'isSwift'] as const,
      queryFn: ({ signal }) => apiGet<IsSwiftResponse>('/api/user/isSwift', signal),
    }),
};

/** Every change is followed by a fresh read of the establishment's configuration. */
function useConfigMutation<Body, Answer>(companyId: string, path: string, method: 'POST' | 'PATCH' = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiFetch<Answer>(path, { method, body: { idCompany: companyId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingConfigQueries.company(companyId) }),
  });
}

type WithoutCompany<T> = Omit<T, 'idCompany'>;

export const useCreateAccountingAccountMutation = (companyId: string) =>
  useConfigMutation<WithoutCompany<AccountingAccountCreate>, AccountingAccountSaved>(
    companyId,
    '/api/exportVat/createVatAccounts',
  );
export const useUpdateAccountingAccountMutation = (companyId: string) =>
  useConfigMutation<WithoutCompany<AccountingAccountUpdate>, AccountingAccountSaved>(
    companyId,
    '/api/exportVat/updateVatAccounts',
  );
export const useDeleteAccountingAccountMutation = (companyId: string) =>
  useConfigMutation<{ id: string }, AccountingResult>(companyId, '/api/exportVat/deleteVatAccounts');
export const useUpdateAccountingLinkingMutation = (companyId: string) =>
  useConfigMutation<WithoutCompany<AccountingLinkingUpdate>, AccountingResult>(
    companyId,
    '/api/exportVat/updateVatLinking',
  );
export const useUpdateAccountingVatKeysMutation = (companyId: string) =>
  useConfigMutation<WithoutCompany<AccountingVatKeysUpdate>, AccountingResult>(
    companyId,
    '/api/exportVat/updateVatKeys',
  );
export const useSetEcritureNumMutation = (companyId: string) =>
  useConfigMutation<{ value: number; confirmGap?: boolean }, unknown>(
    companyId,
    '/api/exportVat/ecritureNum',
    'PATCH',
  );
export const useApplyAccountingChartMutation = (companyId: string) =>
  useConfigMutation<Record<string, never>, AccountingChartApplied>(companyId, '/api/exportVat/applyChart');
