import type { AnalyticsDayState } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { formatDay } from '../../shared/lib/figures';

export function excludeAnalyticsDay(day: string, excluded: boolean): Promise<AnalyticsDayState> {
  return apiRequest('PUT', apiPaths.analyticsDay(day), { excluded }).then((res) =>
    readJson<AnalyticsDayState>(res),
  );
}

/** Leaves a day (a suspected flood) out of the reports, or counts it again; every range's report reloads. */
export function useExcludeAnalyticsDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, excluded }: AnalyticsDayState) => excludeAnalyticsDay(day, excluded),
    onSuccess: ({ day, excluded }) => {
      replaceToast({
        title: 'Analytics updated',
        description: `${formatDay(day)} is ${excluded ? 'left out of the reports' : 'counted again'}`,
      });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to update analytics',
        description: error.message,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'analytics'] }),
  });
}
