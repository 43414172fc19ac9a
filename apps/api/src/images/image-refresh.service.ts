import { Injectable } from '@nestjs/common';
import { ChannelService } from '../channel/channel.service';
import { PlaylistsService } from '../playlists/playlists.service';
import { VideosService } from '../videos/videos.service';
import { ImageMirrorService, type ImageSubject } from './image-mirror.service';
import { bannerSourceUrl } from './image-sources';

/** The channel's avatar and banner are one row of their kind each. */
export const CHANNEL_REF = 'channel';

/**
 * Hands the mirror the whole content after anything changed it (a sync, a push, a backup import, the demo): each
 * video's, playlist's image URL and the channel's avatar and banner (at the width it is fetched at). The mirror then
 * fetches what is new and drops what is gone (a banner the owner removed, with its files).
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
      {
        kind: 'banner',
        ref: CHANNEL_REF,
        sourceUrl: channel?.banner ? bannerSourceUrl(channel.banner) : null,
      },
    ];
    await this.mirror.reconcile(subjects, ['video', 'playlist', 'avatar', 'banner']);
  }
}
