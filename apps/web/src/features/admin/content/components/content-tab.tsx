import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useChannelStats } from '../../../channel/api/get-channel-stats';
import { useAdminVideos } from '../api/get-admin-videos';
import { usePlaylists } from '../../../playlists/api/get-playlists';
import { formatInteger } from '../../shared/lib/figures';
import { FeaturedVideoCard } from './featured-video-card';
import { MissingImagesCard } from './missing-images-card';
import { PinnedPlaylistsCard } from './pinned-playlists-card';
import { YoutubeIntegrationCard } from './youtube-integration-card';

/** Said for a total YouTube's feed does not state (feed mode: no API key yet); never a made-up 0. */
export const UNKNOWN_TOTAL = 'Unknown';
export const UNKNOWN_TOTAL_HINT = "Not in YouTube's feed: the next sync with an API key fills it in.";

/** `value`: undefined while loading, null when unknown (shown as such), else the number. */
export function Counter({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | null | undefined;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={30} mt={6} width="50%" />
      ) : value === null ? (
        <>
          <Text
            component="div"
            fz={28}
            fw={800}
            lh={1.2}
            mt={2}
            c="dimmed"
            data-testid={testId}
            data-unknown=""
          >
            {UNKNOWN_TOTAL}
          </Text>
          <Text size="xs" c="dimmed" data-testid={`${testId}-hint`}>
            {UNKNOWN_TOTAL_HINT}
          </Text>
        </>
      ) : (
        <Text component="div" fz={28} fw={800} lh={1.2} mt={2} data-testid={testId}>
          {formatInteger(value)}
        </Text>
      )}
    </Paper>
  );
}

/** The content tab: three counters and the YouTube, featured-video, pinned-playlist and missing-image cards. */
export function ContentTab() {
  const videos = useAdminVideos();
  const playlists = usePlaylists();
  const stats = useChannelStats();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Counter label="Total Videos" value={videos.data?.total} testId="counter-videos" />
        <Counter label="Playlists" value={playlists.data?.length} testId="counter-playlists" />
        <Counter label="Total Views" value={stats.data?.viewCount} testId="counter-views" />
      </SimpleGrid>
      <YoutubeIntegrationCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <FeaturedVideoCard videos={videos} />
        <PinnedPlaylistsCard playlists={playlists} />
      </SimpleGrid>
      <MissingImagesCard />
    </Stack>
  );
}
