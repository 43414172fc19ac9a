import type { Video } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { featuredVideoKey, videoListsKey } from './get-admin-videos';

export function featureVideo(id: string): Promise<Video> {
  return apiRequest('POST', apiPaths.videoFeatured(id)).then((res) => readJson<Video>(res));
}

/** Makes a video the featured one; the video lists and the featured video reload. */
export function useFeatureVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: featureVideo,
    onSuccess: (video) => {
      replaceToast({ title: 'Featured video updated', description: video.title });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to update featured video',
        description: error.message,
        variant: 'destructive',
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoListsKey }),
        queryClient.invalidateQueries({ queryKey: featuredVideoKey }),
      ]),
  });
}
