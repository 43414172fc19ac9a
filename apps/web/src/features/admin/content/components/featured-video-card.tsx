import { ActionIcon, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Video } from '@app/contracts';
import { IconFileText, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount, formatRelativeDate } from '../../../../lib/format';
import { useFeatureVideo } from '../api/feature-video';
import { useFeaturedVideo } from '../../../videos/api/get-featured-video';
import type { VideoPage } from '../../../videos/api/get-videos';
import { SectionCard } from '../../shared/components/section-card';
import { ContentRow } from './content-row';
import { TranscriptsModal } from './transcripts-modal';
import classes from './content.module.css';

/**
 * What the featured video is while the owner has chosen none: the API features the newest long video meanwhile
 * (`GET /api/videos/featured` answers it with `featured: false`), so the home page is never empty after a sync.
 */
export const STAND_IN_NOTE = 'Newest video, until you choose one';

function VideoRow({ video, standIn }: { video: Video; standIn: boolean }) {
  const feature = useFeatureVideo();
  const [transcripts, setTranscripts] = useState(false);
  return (
    <ContentRow
      testId="featured-row"
      image={video.image}
      title={video.title}
      meta={
        <>
          {video.viewCount === null ? '' : `${formatCount(video.viewCount)} views · `}
          {formatRelativeDate(video.publishedAt, Date.now())}
          {standIn && (
            <>
              {' · '}
              <span data-testid="featured-stand-in">{STAND_IN_NOTE}</span>
            </>
          )}
        </>
      }
      action={
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Transcripts">
            <ActionIcon
              variant="default"
              size="input-xs"
              onClick={() => setTranscripts(true)}
              aria-label={`Transcripts: ${video.title}`}
              className={classes.rowAction}
            >
              <IconFileText size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <TranscriptsModal video={video} opened={transcripts} onClose={() => setTranscripts(false)} />
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
        </Group>
      }
    />
  );
}

/**
 * The first 10 videos, each with its Transcripts (a modal) and `Feature`, the chosen one reading `Featured`; until one is chosen, the one
 * the home page features meanwhile says so (`STAND_IN_NOTE`), in its row or above the list when it is not among them.
 */
export function FeaturedVideoCard({ videos }: { videos: UseQueryResult<VideoPage> }) {
  const { data: shown } = useFeaturedVideo();
  const standIn = shown && !shown.featured ? shown : null;
  const listed = standIn !== null && videos.data?.videos.some((video) => video.id === standIn.id);
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
          {standIn && !listed && (
            <Text size="sm" c="dimmed" data-testid="featured-stand-in">
              {STAND_IN_NOTE}: {standIn.title}
            </Text>
          )}
          {videos.data.videos.map((video) => (
            <VideoRow key={video.id} video={video} standIn={video.id === standIn?.id} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
