import { queryOptions } from '@tanstack/react-query';
import type { CustomerAccountPaymentTypesResponse, UserMe } from '@comptoir/contracts';
import { apiGet } from './api';

export const userQueries = {
  all: () => ['user'] as const,
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => apiGet<UserMe>('/api/user/me', signal),
      staleTime: 5 * 60_000,
    }),
  /** The payment types of the caller's establishments: customer accounts and the accounting links share it. */
  paymentTypes: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'paymentTypes'] as const,
      queryFn: ({ signal }) => apiGet<CustomerAccountPaymentTypesResponse>('/api/user/paymentTypes', signal),
      staleTime: 5 * 60_000,
    }),
};
