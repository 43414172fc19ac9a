import { Injectable } from '@nestjs/common';
import { channelUrl, handleUrl, MEDIA_KIT_RECENT_VIDEOS, type MediaKit, siteName } from '@app/contracts';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { YoutubeAnalyticsReader } from '../youtube-analytics/youtube-analytics-reader';
import { SyncService } from '../youtube/sync.service';
import { analyticsFigures, publicFigures } from './media-kit';

/** The media kit (`/media-kit`): read anew at each view, from stored rows only (no call to YouTube). */
@Injectable()
export class MediaKitService {
  constructor(
    private readonly settings: SettingsService,
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly sync: SyncService,
    private readonly youtube: YoutubeAnalyticsReader,
    private readonly clock: Clock,
  ) {}

  /**
   * The media kit, or null while it is off (`enableMediaKit`) and `owner` (a live admin session) is false: the
   * owner sees it off too, as a preview.
   */
  async model(owner: boolean): Promise<MediaKit | null> {
    const { enableMediaKit, siteTitle } = await this.settings.getMany(['enableMediaKit', 'siteTitle']);
    if (!enableMediaKit && !owner) return null;
    const [channel, recent, syncedAt, figures] = await Promise.all([
      this.channel.find(),
      this.videos.list({ sort: 'recent', kind: ['video'], limit: MEDIA_KIT_RECENT_VIDEOS, offset: 0 }),
      this.sync.lastSuccessAt(),
      this.youtube.channelFigures(),
    ]);
    const url = channel?.handle
      ? handleUrl(channel.handle)
      : channel?.youtubeChannelId
        ? channelUrl(channel.youtubeChannelId)
        : null;
    return {
      preview: !enableMediaKit,
      generatedAt: new Date(this.clock.now()).toISOString(),
      channel: {
        title: channel && !channel.isDemo ? channel.title : siteName(siteTitle),
        handle: channel?.handle ?? null,
        url: channel?.isDemo ? null : url,
      },
      ...publicFigures({
        channel,
        recentViews: recent.items.map((video) => video.viewCount),
        syncedAt,
      }),
      ...analyticsFigures(figures),
    };
  }
}
