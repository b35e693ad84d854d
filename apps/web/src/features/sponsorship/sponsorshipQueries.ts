import { queryOptions } from '@tanstack/react-query';
import type { ReferralsResponse, SupportReferralsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

export const sponsorshipQueries = {
  all: () => ['sponsorship'] as const,
  referrals: () =>
    queryOptions({
      queryKey: [...sponsorshipQueries.all(), 'referrals'] as const,
      queryFn: ({ signal }) => apiGet<ReferralsResponse>('/api/sponsorship/referrals', signal),
    }),
  supportReferrals: () =>
    queryOptions({
      queryKey: [...sponsorshipQueries.all(), 'support'] as const,
      queryFn: ({ signal }) => apiGet<SupportReferralsResponse>('/api/support/referrals', signal),
    }),
};
