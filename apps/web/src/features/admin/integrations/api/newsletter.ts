import type { NewsletterDeleteResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { newsletterSummaryQueryOptions } from '../../shared/api/newsletter-summary';
import { attachmentFileName, type DownloadedFile, saveFile } from '../../shared/lib/download';

/** `GET …/subscribers.csv`: the list as a file, named as the API names it. */
export async function exportSubscribers(): Promise<DownloadedFile> {
  const res = await apiRequest('GET', apiPaths.newsletterSubscribersCsv);
  const fileName =
    attachmentFileName(res.headers.get('Content-Disposition')) ??
    `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
  return { blob: await res.blob(), fileName };
}

export function useExportSubscribers() {
  return useMutation({
    mutationFn: exportSubscribers,
    onSuccess: (file) => {
      saveFile(file);
      replaceToast({ title: 'Subscribers exported', description: `Saved ${file.fileName}` });
    },
    onError: (error) => {
      replaceToast({ title: 'Export failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function deleteSubscriber(email: string): Promise<NewsletterDeleteResult> {
  return apiRequest('DELETE', apiPaths.newsletterSubscriber(email.trim())).then((res) =>
    readJson<NewsletterDeleteResult>(res),
  );
}

/** A privacy request: the count changes, so the summary reloads. */
export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSuccess: (result) => {
      replaceToast({
        title: 'Subscriber deleted',
        description: `${result.email}: ${result.message}`,
        variant: result.mailchimp === 'failed' ? 'destructive' : 'default',
      });
    },
    onError: (error) => {
      replaceToast({ title: 'Delete failed', description: error.message, variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsletterSummaryQueryOptions().queryKey }),
  });
}
