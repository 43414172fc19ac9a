import type {
  YoutubeCaptionsRefresh,
  YoutubeCaptionsStatus,
  YoutubeCaptionsSwitchResult,
} from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { adminSettingsQueryOptions } from '../../shared/api/get-admin-settings';
import { consentPage, googleAccountQueryOptions } from './google-account';

/** How often the card reads the status while a run goes (a video a second or so). */
export const YOUTUBE_CAPTIONS_POLL_MS = 2000;

export const youtubeCaptionsQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.youtubeCaptionsStatus],
    queryFn: ({ signal }) => getJson<YoutubeCaptionsStatus>(apiPaths.youtubeCaptionsStatus, { signal }),
  });

/** The "Transcripts from YouTube" card's status, read again every few seconds while a run goes. */
export function useYoutubeCaptions() {
  return useQuery({
    ...youtubeCaptionsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.running ? YOUTUBE_CAPTIONS_POLL_MS : false),
  });
}

export function switchYoutubeCaptions(enabled: boolean): Promise<YoutubeCaptionsSwitchResult> {
  return apiRequest('POST', apiPaths.youtubeCaptionsSwitch, { enabled }).then((res) =>
    readJson<YoutubeCaptionsSwitchResult>(res),
  );
}

/**
 * The switch: on, it goes to Google's consent page when the permission is missing (Google sends the browser back to
 * the card); off, the transcripts read from YouTube are deleted. Also "Grant access on Google" (on again).
 */
export function useSwitchYoutubeCaptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchYoutubeCaptions,
    onSuccess: ({ status, authorizationUrl }, enabled) => {
      queryClient.setQueryData(youtubeCaptionsQueryOptions().queryKey, status);
      void queryClient.invalidateQueries({ queryKey: adminSettingsQueryOptions().queryKey });
      if (authorizationUrl) consentPage.open(authorizationUrl);
      else if (!enabled) replaceToast({ title: 'Transcripts from YouTube turned off' });
    },
    onError: (error) =>
      replaceToast({
        title: 'Could not change the switch',
        description: error.message,
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: googleAccountQueryOptions().queryKey }),
  });
}

export function refreshYoutubeCaptions(): Promise<YoutubeCaptionsRefresh> {
  return apiRequest('POST', apiPaths.youtubeCaptionsRefresh).then((res) =>
    readJson<YoutubeCaptionsRefresh>(res),
  );
}

/** Refresh: a run now, within the day's budget; the card follows it. */
export function useRefreshYoutubeCaptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshYoutubeCaptions,
    onSuccess: ({ started, status }) => {
      queryClient.setQueryData(youtubeCaptionsQueryOptions().queryKey, status);
      if (!started) replaceToast({ title: 'A run is already going, or nothing can be read yet' });
    },
    onError: (error) =>
      replaceToast({ title: 'Could not refresh', description: error.message, variant: 'destructive' }),
  });
}
