import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Video } from '@app/contracts';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { formatCount, formatRelativeDate } from '../../../../lib/format';
import { useFeatureVideo } from '../../api/feature-video';
import type { VideoPage } from '../../../videos/api/get-videos';
import { SectionCard } from '../section-card';
import { ContentRow } from './content-row';
import classes from './content.module.css';

function VideoRow({ video }: { video: Video }) {
  const feature = useFeatureVideo();
  return (
    <ContentRow
      testId="featured-row"
      thumbnail={video.thumbnail}
      title={video.title}
      meta={
        <>
          {video.viewCount === null ? '' : `${formatCount(video.viewCount)} views · `}
          {formatRelativeDate(video.publishedAt, Date.now())}
        </>
      }
      action={
        <Button
          size="xs"
          variant={video.featured ? 'filled' : 'default'}
          leftSection={
            video.featured ? <IconStarFilled size={14} aria-hidden /> : <IconStar size={14} aria-hidden />
          }
          onClick={() => feature.mutate(video.id)}
          loading={feature.isPending}
          disabled={video.featured}
          aria-label={`${video.featured ? 'Featured' : 'Feature'}: ${video.title}`}
          className={classes.rowAction}
        >
          {video.featured ? 'Featured' : 'Feature'}
        </Button>
      }
    />
  );
}

/** SPEC §4: the first 10 videos, each with `Feature`, the chosen one reading `Featured`. */
export function FeaturedVideoCard({ videos }: { videos: UseQueryResult<VideoPage> }) {
  return (
    <SectionCard title="Featured Video" description="The video shown large on the home page.">
      {videos.isPending ? (
        <Stack gap="sm">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={45} />
          ))}
        </Stack>
      ) : videos.error ? (
        <Text c="red.4" size="sm">
          Videos could not be loaded: {videos.error.message}
        </Text>
      ) : videos.data.videos.length === 0 ? (
        <Text c="dimmed" size="sm">
          No videos yet. Sync from YouTube to fetch them.
        </Text>
      ) : (
        <Stack gap="xs">
          {videos.data.videos.map((video) => (
            <VideoRow key={video.id} video={video} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
