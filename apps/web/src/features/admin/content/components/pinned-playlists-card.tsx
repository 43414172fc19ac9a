import { Skeleton, Stack, Switch, Text } from '@mantine/core';
import { type Playlist, PINNED_PLAYLIST_LIMIT } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { usePinPlaylist } from '../api/pin-playlist';
import { plural } from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { ContentRow } from './content-row';
import classes from './content.module.css';

function PlaylistRow({ playlist }: { playlist: Playlist }) {
  const pin = usePinPlaylist();
  const pinned = pin.isPending ? pin.variables.pinned : playlist.pinned;
  return (
    <ContentRow
      testId="playlist-row"
      image={playlist.image}
      title={playlist.title}
      meta={`${plural(playlist.videoCount, 'video')}${pinned ? ' · Pinned' : ''}`}
      action={
        <Switch
          checked={pinned}
          onChange={(event) => pin.mutate({ id: playlist.id, pinned: event.currentTarget.checked })}
          disabled={pin.isPending}
          aria-label={`Pin ${playlist.title}`}
          className={classes.rowAction}
        />
      }
    />
  );
}

/** Toggles the pin; the text says up to 6, and no limit is enforced. */
export function PinnedPlaylistsCard({ playlists }: { playlists: UseQueryResult<Playlist[]> }) {
  return (
    <SectionCard
      title="Pinned Playlists"
      description={`Pinned playlists show first on the home page. Pin up to ${PINNED_PLAYLIST_LIMIT}; the home page shows at most ${PINNED_PLAYLIST_LIMIT} playlists.`}
    >
      {playlists.isPending ? (
        <Stack gap="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={45} />
          ))}
        </Stack>
      ) : playlists.error ? (
        <Text c="red.4" size="sm">
          Playlists could not be loaded: {playlists.error.message}
        </Text>
      ) : playlists.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No playlists yet. Sync from YouTube to fetch them.
        </Text>
      ) : (
        <Stack gap="xs">
          {playlists.data.map((playlist) => (
            <PlaylistRow key={playlist.id} playlist={playlist} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
