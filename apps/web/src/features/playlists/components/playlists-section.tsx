import { t } from '../../../i18n/i18n';
import type { Playlist } from '@app/contracts';
import { IconPlaylist } from '@tabler/icons-react';
import { HomeSection } from '../../../components/home-section';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { IMAGE_SIZES } from '../../../lib/image-sizes';
import { trackOnClick } from '../../../lib/site-analytics';
import { playlistUrl } from '../../../lib/youtube';
import { PINNED_PLAYLIST_LIMIT } from '@app/contracts/limits';
import { usePlaylists } from '../api/get-playlists';
import classes from './playlists-section.module.css';

/** Three skeletons while loading. */
export const PLAYLIST_SKELETONS = 3;
export const PLAYLIST_GRADIENTS = 6;

/** Pinned first (keeping the platform's order within each group), at most six. */
export function featuredPlaylists(playlists: Playlist[]): Playlist[] {
  return [...playlists.filter((p) => p.pinned), ...playlists.filter((p) => !p.pinned)].slice(
    0,
    PINNED_PLAYLIST_LIMIT,
  );
}

/** Which of the six gradients a playlist without a thumbnail (the site's copy of it) gets: by the first character of its id. */
export function gradientIndex(id: string): number {
  return id.length > 0 ? id.charCodeAt(0) % PLAYLIST_GRADIENTS : 0;
}

function PlaylistCard({ playlist }: { playlist: Playlist }) {
  return (
    <a
      href={playlistUrl(playlist.id)}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.card}
      {...trackOnClick({ kind: 'playlist_open', playlistId: playlist.id })}
      data-playlist-id={playlist.id}
      data-pinned={playlist.pinned || undefined}
    >
      <div className={classes.media}>
        {playlist.image ? (
          <VideoThumbnail
            image={playlist.image}
            alt=""
            sizes={IMAGE_SIZES.card}
            loading="lazy"
            decoding="async"
            placeholderClassName={classes.missing}
          />
        ) : (
          <div
            className={classes.gradient}
            data-gradient={gradientIndex(playlist.id)}
            data-testid="playlist-gradient"
          >
            <IconPlaylist size={40} aria-hidden />
          </div>
        )}
        <span className={classes.count}>
          {playlist.videoCount} video{playlist.videoCount === 1 ? '' : 's'}
        </span>
      </div>
      <h3 className={classes.title}>{playlist.title}</h3>
    </a>
  );
}

/** Featured Playlists (anchor `playlists`). */
export function PlaylistsSection() {
  const { data, isPending, isError } = usePlaylists();
  let content;
  if (isPending) {
    content = (
      <div className={classes.grid} role="status" aria-label={t('playlists.loading')}>
        {Array.from({ length: PLAYLIST_SKELETONS }, (_, i) => (
          <div key={i} className={classes.card} aria-hidden data-skeleton>
            <div className={`${classes.media} skeleton`} />
            <div className="skeleton" style={{ height: '1rem', width: '70%' }} />
          </div>
        ))}
      </div>
    );
  } else if (isError || data.length === 0) {
    content = <p className={classes.empty}>{t('playlists.empty')}</p>;
  } else {
    content = (
      <ul className={classes.grid}>
        {featuredPlaylists(data).map((playlist) => (
          <li key={playlist.id}>
            <PlaylistCard playlist={playlist} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <HomeSection id="playlists" title={t('playlists.title')}>
      {content}
    </HomeSection>
  );
}
