import { useMutation } from '@tanstack/react-query';
import type { ViewAsRequest, ViewAsResponse } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';

/** Opens a view-as-customer session on an account; the caller then goes to the answer's `path`. */
export function useOpenViewAsMutation() {
  return useMutation({
    mutationFn: (accountId: string) =>
      apiFetch<ViewAsResponse>('/api/support/view-as', {
        method: 'POST',
        body: { accountId } satisfies ViewAsRequest,
      }),
  });
}
