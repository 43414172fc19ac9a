import { Injectable } from '@nestjs/common';
import { ChannelService } from '../channel/channel.service';
import { PlaylistsService } from '../playlists/playlists.service';
import { VideosService } from '../videos/videos.service';
import { ImageMirrorService, type ImageSubject } from './image-mirror.service';

/** The channel's avatar is one row of its kind. */
export const CHANNEL_REF = 'channel';

/**
 * Hands the mirror the whole content after anything changed it (a sync, a push, a backup import, the demo): each
 * video's, playlist's and the channel's image URL. The mirror then fetches what is new and drops what is gone.
 */
@Injectable()
export class ImageRefreshService {
  constructor(
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly channel: ChannelService,
    private readonly mirror: ImageMirrorService,
  ) {}

  async refresh(): Promise<void> {
    const [videos, playlists, channel] = await Promise.all([
      this.videos.imageSources(),
      this.playlists.imageSources(),
      this.channel.find(),
    ]);
    const subjects: ImageSubject[] = [
      ...videos.map((v) => ({ kind: 'video' as const, ref: v.id, sourceUrl: v.thumbnail })),
      ...playlists.map((p) => ({ kind: 'playlist' as const, ref: p.id, sourceUrl: p.thumbnail })),
      { kind: 'avatar', ref: CHANNEL_REF, sourceUrl: channel?.thumbnail ?? null },
    ];
    await this.mirror.reconcile(subjects, ['video', 'playlist', 'avatar']);
  }
}
