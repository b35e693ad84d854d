import { queryOptions } from '@tanstack/react-query';
import type { DashboardTurnover } from '@comptoir/contracts';
import { apiGet } from '../../api/api';

/** Today's figures move while the restaurants serve: refresh them every five minutes. */
const TURNOVER_REFRESH_MS = 5 * 60_000;

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  turnover: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'turnover'] as const,
      queryFn: ({ signal }) => apiGet<DashboardTurnover>('/api/dashboard/turnover', signal),
      refetchInterval: TURNOVER_REFRESH_MS,
    }),
};
