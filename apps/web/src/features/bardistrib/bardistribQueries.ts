import { queryOptions } from '@tanstack/react-query';
import type { BardistribShiftsResponse, WareDatasResponse, WareDetailsResponse } from '@comptoir/contracts';
import { apiGet } from '../../api/api';
import {
  searchOf,
  wareAnalysisQueryOf,
  wareDetailsQueryOf,
  type WareFilters,
  type WarePeriod,
} from './wareAnalysisFilters';

export const bardistribQueries = {
  all: () => ['bardistrib'] as const,
  shifts: (period: WarePeriod) =>
    queryOptions({
      queryKey: [...bardistribQueries.all(), 'shifts', period] as const,
      queryFn: ({ signal }) =>
        apiGet<BardistribShiftsResponse>(
          `/api/bardistrib/shifts?${searchOf(wareAnalysisQueryOf(period))}`,
          signal,
        ),
      staleTime: 60_000,
    }),
  wareDatas: (filters: WareFilters) =>
    queryOptions({
      queryKey: [...bardistribQueries.all(), 'ware-datas', filters] as const,
      queryFn: ({ signal }) =>
        apiGet<WareDatasResponse>(
          `/api/bardistrib/ware-datas?${searchOf(wareAnalysisQueryOf(filters))}`,
          signal,
        ),
      staleTime: 60_000,
    }),
  details: (filters: WareFilters, wareId: string) =>
    queryOptions({
      queryKey: [...bardistribQueries.all(), 'details', filters, wareId] as const,
      queryFn: ({ signal }) =>
        apiGet<WareDetailsResponse>(
          `/api/bardistrib/ware-data/details?${searchOf(wareDetailsQueryOf(filters, wareId))}`,
          signal,
        ),
      staleTime: 60_000,
    }),
};
