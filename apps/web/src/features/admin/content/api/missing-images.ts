import type { MissingImages, RetryImages, RetryImagesResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, HttpError, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { plural } from '../../shared/lib/figures';

export const missingImagesQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.missingImages],
    queryFn: ({ signal }) => getJson<MissingImages>(apiPaths.missingImages, { signal }),
  });

/** The images the site could not bring home from YouTube (their pages show the placeholder). */
export function useMissingImages() {
  return useQuery(missingImagesQueryOptions());
}

export function retryImages(body: RetryImages): Promise<RetryImagesResult> {
  return apiRequest('POST', apiPaths.retryImages, body).then((res) => readJson<RetryImagesResult>(res));
}

/**
 * Asks the API to fetch one missing image again (`{ kind, ref }`), or all of them (`{}`). The fetch runs in the
 * background, so the list reloads now (the rows are pending again) and again when the owner opens the tab next.
 */
export function useRetryImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryImages,
    onSuccess: ({ queued }) => {
      replaceToast({
        title: 'Retry started',
        description: `${plural(queued, 'image')} will be fetched again in the background.`,
      });
    },
    onError: (error) => {
      const description = error instanceof HttpError ? error.detail : error.message;
      replaceToast({ title: 'Retry failed', description, variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: missingImagesQueryOptions().queryKey }),
  });
}
