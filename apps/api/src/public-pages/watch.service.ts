import { escapeHtml } from '@app/contracts/html';
import { Injectable, NotFoundException, NotImplementedException } from '@nestjs/common';
import {
  channelUrl,
  embedUrl,
  handleUrl,
  imageFile,
  type OembedParams,
  type OembedResponse,
  RELATED_VIDEOS_MAX,
  type SiteImage,
  thumbnailUrl,
  transcriptParagraphs,
  type VideoDetail,
  type VideoKind,
  videoIdFromWatchPath,
} from '@app/contracts';
import { ChannelService } from '../channel/channel.service';
import { DEMO_THUMBNAIL_PATH, DEMO_THUMBNAIL_SIZE } from '../demo/demo-content';
import { SiteImagesService } from '../images/site-images.service';
import { PlaylistsService } from '../playlists/playlists.service';
import { SettingsService } from '../settings/settings.service';
import { SponsorshipsService } from '../sponsorships/sponsorships.service';
import { TranscriptStore } from '../transcripts/transcript-store.service';
import { toVideo } from '../videos/video.mapper';
import { VideosService } from '../videos/videos.service';
import { LiveCheckService } from '../youtube/live-check.service';
import { absoluteUrl } from './site-url';

/** How many of its playlists' videos are looked at for a video's related list. */
const RELATED_CANDIDATES = 100;

/** The player an oEmbed consumer gets without a size limit: YouTube's and PeerTube's embed code default. */
export const OEMBED_DEFAULT_SIZE = { width: 560, height: 315 } as const;

/** YouTube's thumbnail sizes that exist for every video, largest first. */
const YOUTUBE_THUMBNAILS = [
  { size: 'hqdefault', width: 480, height: 360 },
  { size: 'mqdefault', width: 320, height: 180 },
  { size: 'default', width: 120, height: 90 },
] as const;

/** The largest 16:9 player within the consumer's limits, or the default size without any. */
export function oembedPlayerSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  if (maxwidth === undefined && maxheight === undefined) return { ...OEMBED_DEFAULT_SIZE };
  const widthFromHeight = maxheight === undefined ? Infinity : Math.floor((maxheight * 16) / 9);
  const width = Math.max(1, Math.min(maxwidth ?? Infinity, widthFromHeight));
  const height = Math.max(1, Math.min(Math.round((width * 9) / 16), maxheight ?? Infinity));
  return { width, height };
}

/** Kinds whose watch page may carry a stream's times: live, scheduled, and a replay (an ended stream). */
const isStream = (kind: VideoKind) => kind === 'live' || kind === 'upcoming' || kind === 'replay';

/** A video's watch page data (issue 15): the video detail, its page head, its oEmbed answer. */
@Injectable()
export class WatchService {
  constructor(
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly channel: ChannelService,
    private readonly settings: SettingsService,
    private readonly live: LiveCheckService,
    private readonly images: SiteImagesService,
    private readonly sponsorships: SponsorshipsService,
    private readonly transcripts: TranscriptStore,
  ) {}

  /** `GET /api/videos/{id}`: 404 for an id the site does not have. */
  async detail(id: string): Promise<VideoDetail> {
    const video = await this.videos.findById(id);
    if (!video) throw new NotFoundException(`Video ${id} not found`);
    const [playlists, stream, hideShorts, sponsorLinks, transcript] = await Promise.all([
      this.playlists.holding(id),
      isStream(video.kind) ? this.live.stream(id) : null,
      this.settings.get('hideShorts'),
      this.sponsorships.linksForVideo(id),
      this.transcript(id),
    ]);
    const listed = await this.playlists.videoIdsIn(playlists.map((p) => p.id));
    // What follows it in its playlists first (as a player goes on), then what comes before it.
    const at = listed.indexOf(id);
    const sameList = (at < 0 ? listed : [...listed.slice(at + 1), ...listed.slice(0, at)]).slice(
      0,
      RELATED_CANDIDATES,
    );
    // The site that hides Shorts does not offer them next to another video.
    const without: VideoKind[] = hideShorts && video.kind !== 'short' ? ['short'] : [];
    const related = await this.videos.related(video, sameList, RELATED_VIDEOS_MAX, without);
    const [[shown, ...others], lists] = await Promise.all([
      this.images.with('video', [video, ...related], toVideo),
      this.images.with('playlist', playlists, ({ id, title, thumbnail }, image) => ({
        id,
        title,
        thumbnail,
        image,
      })),
    ]);
    return { ...shown, live: stream, playlists: lists, related: others, sponsorLinks, transcript };
  }

  /** The transcript a visitor is shown (the site language's track first), in the watch page's paragraphs. */
  private async transcript(id: string): Promise<VideoDetail['transcript']> {
    const track = await this.transcripts.preferred(id, await this.settings.get('siteLanguage'));
    if (!track) return null;
    const { cues, ...key } = track;
    const paragraphs = transcriptParagraphs(cues);
    return paragraphs.length ? { ...key, paragraphs } : null;
  }

  /**
   * `GET /oembed` (oEmbed 1.0, https://oembed.com): a watch page of this site as a `video` with the nocookie
   * player. JSON only (`format=xml` is 501, as the spec says); a URL of another site or of no video is 404.
   */
  async oembed(origin: string, query: OembedParams): Promise<OembedResponse> {
    if (query.format === 'xml') throw new NotImplementedException('format: only json is served');
    const url = new URL(query.url);
    const id = url.host.toLowerCase() === new URL(origin).host ? videoIdFromWatchPath(url.pathname) : null;
    if (!id) throw new NotFoundException('url: not a watch page of this site');
    const video = await this.videos.findById(id);
    if (!video) throw new NotFoundException(`url: video ${id} not found`);
    const [channel, provider, image] = await Promise.all([
      this.channel.find(),
      this.settings.siteName(),
      this.images.withOne('video', video, (_, image) => image),
    ]);
    const { width, height } = oembedPlayerSize(query.maxwidth, query.maxheight);
    const html =
      `<iframe width="${width}" height="${height}" src="${embedUrl(video.id)}" title="${escapeHtml(video.title)}" ` +
      'frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" ' +
      'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>';
    return {
      type: 'video',
      version: '1.0',
      title: video.title,
      author_name: channel?.title || provider,
      author_url: channelPage(channel, origin),
      provider_name: provider,
      provider_url: `${origin}/`,
      ...this.thumbnail({ ...video, image }, origin, query.maxwidth, query.maxheight),
      html,
      width,
      height,
    };
  }

  /**
   * The thumbnail that fits the consumer's limits (the spec: it must respect them), or none: the widest JPEG of the
   * site's own copy that fits, else one of YouTube's sizes.
   */
  private thumbnail(
    video: { id: string; thumbnail: string | null; image: SiteImage | null },
    origin: string,
    maxwidth = Infinity,
    maxheight = Infinity,
  ): Pick<OembedResponse, 'thumbnail_url' | 'thumbnail_width' | 'thumbnail_height'> {
    const fits = (size: { width: number; height: number }) =>
      size.width <= maxwidth && size.height <= maxheight;
    if (video.image) {
      const { image } = video;
      const sizes = image.widths.map((w) => ({
        width: w,
        height: Math.round((w * image.height) / image.width),
      }));
      const own = sizes.filter(fits).pop();
      return own
        ? {
            thumbnail_url: absoluteUrl(origin, imageFile(image, own.width, 'jpg')),
            thumbnail_width: own.width,
            thumbnail_height: own.height,
          }
        : {};
    }
    if (video.thumbnail?.startsWith(DEMO_THUMBNAIL_PATH)) {
      return fits(DEMO_THUMBNAIL_SIZE)
        ? {
            thumbnail_url: absoluteUrl(origin, video.thumbnail),
            thumbnail_width: DEMO_THUMBNAIL_SIZE.width,
            thumbnail_height: DEMO_THUMBNAIL_SIZE.height,
          }
        : {};
    }
    const size = YOUTUBE_THUMBNAILS.find(fits);
    return size
      ? {
          thumbnail_url: thumbnailUrl(video.id, size.size),
          thumbnail_width: size.width,
          thumbnail_height: size.height,
        }
      : {};
  }
}

/** The channel's page on YouTube (by handle, else id), or the site itself before any sync. */
function channelPage(
  channel: { handle: string | null; youtubeChannelId: string | null; isDemo: boolean } | null,
  origin: string,
): string {
  if (!channel || channel.isDemo) return `${origin}/`;
  if (channel.handle) return handleUrl(channel.handle);
  if (channel.youtubeChannelId) return channelUrl(channel.youtubeChannelId);
  return `${origin}/`;
}
