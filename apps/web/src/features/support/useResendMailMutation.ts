import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportOutboxMail } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';
import { supportQueries } from './supportQueries';

/** Sends a failed or given-up mail again; the outbox's lists are read again. */
export function useResendMailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<SupportOutboxMail>(`/api/support/mail-outbox/${encodeURIComponent(id)}/resend`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...supportQueries.all(), 'outbox'] }),
  });
}
