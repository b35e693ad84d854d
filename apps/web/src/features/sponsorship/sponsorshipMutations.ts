import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteReferralRequest, Referral } from '@comptoir/contracts';
import { apiFetch } from '../../api/api';
import { sponsorshipQueries } from './sponsorshipQueries';

export function useInviteReferralMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteReferralRequest) =>
      apiFetch<Referral>('/api/sponsorship/referrals', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipQueries.all() }),
  });
}

/** Support staff record a referred restaurant's first paid month. */
export function useMarkFirstMonthPaidMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Referral>(`/api/support/referrals/${id}/first-month-paid`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipQueries.all() }),
  });
}
