import type { EmailSendTestResult, WeeklySummaryStatus } from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../lib/api-client';

export const WEEKLY_SUMMARY_PATH = '/api/admin/weekly-summary';
export const SEND_TEST_EMAIL_PATH = '/api/integrations/email/send-test';

export const weeklySummaryQueryOptions = () =>
  queryOptions({
    queryKey: [WEEKLY_SUMMARY_PATH],
    queryFn: ({ signal }) => getJson<WeeklySummaryStatus>(WEEKLY_SUMMARY_PATH, { signal }),
  });

/** The weekly summary's schedule and its last e-mail. */
export function useWeeklySummary() {
  return useQuery(weeklySummaryQueryOptions());
}

export function sendTestEmail(): Promise<EmailSendTestResult> {
  return apiRequest('POST', SEND_TEST_EMAIL_PATH).then((res) => readJson<EmailSendTestResult>(res));
}

/** Sends one real message to the notification address; nothing cached changes. */
export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
