import type { EmailSendTestResult, WeeklySummaryStatus } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';

export const weeklySummaryQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.weeklySummary],
    queryFn: ({ signal }) => getJson<WeeklySummaryStatus>(apiPaths.weeklySummary, { signal }),
  });

/** The weekly summary's schedule and its last e-mail. */
export function useWeeklySummary() {
  return useQuery(weeklySummaryQueryOptions());
}

export function sendTestEmail(): Promise<EmailSendTestResult> {
  return apiRequest('POST', apiPaths.sendTestEmail).then((res) => readJson<EmailSendTestResult>(res));
}

/** Sends one real message to the notification address; nothing cached changes. */
export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
