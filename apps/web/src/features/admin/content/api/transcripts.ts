import type {
  TranscriptTrack,
  TranscriptTrackKey,
  TranscriptTrackList,
  TranscriptUpload,
} from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, HttpError, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { plural } from '../../shared/lib/figures';
import { languageName } from '../lib/transcript-languages';

export const transcriptsQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['admin', 'videos', videoId, 'transcripts'],
    queryFn: ({ signal }) => getJson<TranscriptTrackList>(apiPaths.videoTranscripts(videoId), { signal }),
  });

/** A video's stored transcript tracks; loaded once the owner opens them (`enabled`). */
export function useTranscripts(videoId: string, enabled = true) {
  return useQuery({ ...transcriptsQueryOptions(videoId), enabled });
}

/**
 * Why the API refused a file, as the owner reads it: its message without the field's name (`line 12: …`, `the
 * file is larger than 5 MB`).
 */
export function refusalOf(error: Error): string {
  const detail = error instanceof HttpError ? error.detail : error.message;
  return detail.replace(/^text: /, '');
}

export function uploadTranscript(videoId: string, language: string, file: TranscriptUpload) {
  return apiRequest('PUT', apiPaths.videoTranscriptUpload(videoId, language), file).then((res) =>
    readJson<TranscriptTrack>(res),
  );
}

export function deleteTranscript(videoId: string, key: TranscriptTrackKey) {
  return apiRequest('DELETE', apiPaths.videoTranscript(videoId, key.source, key.language, key.kind)).then(
    (res) => readJson<TranscriptTrack>(res),
  );
}

/** Uploads a caption file as the video's track in a language (replacing it); the video's list reloads. */
export function useUploadTranscript(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, file }: { language: string; file: TranscriptUpload }) =>
      uploadTranscript(videoId, language, file),
    onSuccess: (track) =>
      replaceToast({
        title: 'Transcript uploaded',
        description: `${plural(track.cueCount, 'cue')} in ${languageName(track.language)}`,
      }),
    onError: (error) =>
      replaceToast({ title: 'File refused', description: refusalOf(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transcriptsQueryOptions(videoId).queryKey }),
  });
}

/** Deletes one track; the video's list reloads. */
export function useDeleteTranscript(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: TranscriptTrackKey) => deleteTranscript(videoId, key),
    onSuccess: (track) =>
      replaceToast({ title: 'Transcript deleted', description: languageName(track.language) }),
    onError: (error) =>
      replaceToast({
        title: 'Failed to delete transcript',
        description: error.message,
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transcriptsQueryOptions(videoId).queryKey }),
  });
}
