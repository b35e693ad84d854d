import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ErrorResponse,
  FiscalAccessCheckRequest,
  FiscalAccessCheckResponse,
  FiscalAccessCreateResponse,
  FiscalAccessDecisionResponse,
  FiscalAccessRequestBody,
} from '@comptoir/contracts';
import { apiFetch, ApiError } from '../../api/api';
import { fiscalAccessQueries } from './fiscalAccessQueries';

/** The owner's access request (spec 2 §7 `POST administration-fiscale`). */
export function useRequestFiscalAccessMutation() {
  return useMutation({
    mutationFn: (body: FiscalAccessRequestBody) =>
      apiFetch<FiscalAccessCreateResponse>('/api/administration-fiscale', { method: 'POST', body }),
  });
}

/** Support staff's decision on a request; the queue is read again afterwards, whatever the outcome. */
export function useDecideFiscalAccessMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'validate' | 'refuse' }) =>
      apiFetch<FiscalAccessDecisionResponse>(`/api/support/fiscal-access-requests/${id}/${decision}`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fiscalAccessQueries.all() }),
  });
}

/**
 * The inspector's sign-in (`POST administration-fiscale/check`). A plain call without any session's
 * token: a refusal here must not end a user session that this browser also holds, as apiFetch
 * would on a 401.
 */
export function useFiscalSignInMutation() {
  return useMutation({
    mutationFn: async (body: FiscalAccessCheckRequest): Promise<FiscalAccessCheckResponse> => {
      const response = await fetch('/api/administration-fiscale/check', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        cache: 'no-store',
      });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const error = (answer as ErrorResponse | null)?.error;
        throw new ApiError(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? '');
      }
      return answer as FiscalAccessCheckResponse;
    },
  });
}
