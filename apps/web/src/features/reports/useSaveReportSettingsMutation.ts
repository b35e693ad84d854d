import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportSettings } from '@comptoir/contracts';
import { reportingRequest } from '../../api/reportingApi';
import { reportQueries } from './reportQueries';

/** Saves the report settings; every report is read again (the business-day start changes them). */
export function useSaveReportSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReportSettings) => {
      const [saved] = await reportingRequest<ReportSettings | undefined>(
        'PUT',
        'reports',
        'settings',
        settings,
      );
      return saved ?? settings;
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(reportQueries.settings().queryKey, saved);
      await queryClient.invalidateQueries({
        queryKey: reportQueries.all(),
        predicate: (query) => query.queryKey[1] !== 'settings',
      });
    },
  });
}
