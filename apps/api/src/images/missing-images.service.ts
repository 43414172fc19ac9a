import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type ImageSubjectKind,
  imageSubjectKinds,
  type MissingImage,
  type MissingImages,
  retryImagesSchema,
} from '@app/contracts';
import type { Repository } from 'typeorm';
import { ChannelService } from '../channel/channel.service';
import { parseOrThrow } from '../common/validation';
import { PlaylistsService } from '../playlists/playlists.service';
import { VideosService } from '../videos/videos.service';
import { ImageEntity } from './image.entity';
import { ImageMirrorService } from './image-mirror.service';

/** The two bodies of a retry, apart: one image's schema names the field that is wrong (the union says "invalid"). */
const [oneImageSchema, everyMissingSchema] = retryImagesSchema.options;

/**
 * The dashboard's missing images (`GET /api/admin/images/missing`): what the site could not bring home, with the
 * title of what it belongs to; and their retry (`POST /api/admin/images/retry`).
 */
@Injectable()
export class MissingImagesService {
  constructor(
    @InjectRepository(ImageEntity) private readonly images: Repository<ImageEntity>,
    private readonly videos: VideosService,
    private readonly playlists: PlaylistsService,
    private readonly channel: ChannelService,
    private readonly mirror: ImageMirrorService,
  ) {}

  /** Every missing image: videos first, then playlists, the avatar and the banner, each by title. */
  async list(): Promise<MissingImages> {
    const rows = await this.images.find({ where: { status: 'missing' } });
    const refs = (kind: ImageSubjectKind) => rows.filter((row) => row.kind === kind).map((row) => row.ref);
    const [videos, playlists, channel] = await Promise.all([
      this.videos.titles(refs('video')),
      refs('playlist').length ? this.playlists.list() : [],
      this.channel.find(),
    ]);
    const titles: Record<ImageSubjectKind, Map<string, string>> = {
      video: videos,
      playlist: new Map(playlists.map((playlist) => [playlist.id, playlist.title])),
      avatar: new Map(),
      banner: new Map(),
    };
    const items: MissingImage[] = rows.map((row) => ({
      kind: row.kind,
      ref: row.ref,
      title:
        row.kind === 'avatar' || row.kind === 'banner'
          ? (channel?.title ?? null)
          : (titles[row.kind].get(row.ref) ?? null),
      sourceUrl: row.sourceUrl,
      reason: row.lastError,
      attempts: row.attempts,
      checkedAt: row.checkedAt?.toISOString() ?? null,
    }));
    const rank = (kind: ImageSubjectKind) => imageSubjectKinds.indexOf(kind);
    items.sort(
      (a, b) =>
        rank(a.kind) - rank(b.kind) ||
        (a.title ?? '\uffff').localeCompare(b.title ?? '\uffff') ||
        a.ref.localeCompare(b.ref),
    );
    return { items };
  }

  /**
   * Fetches again one image (the body names it) or every missing one (an empty body): each becomes pending and a
   * drain starts in the background. A ready image is not queued (it is asked again on its own schedule).
   */
  async retry(body: unknown): Promise<number> {
    const all = everyMissingSchema.safeParse(body ?? {}).success;
    return this.mirror.retry(all ? undefined : parseOrThrow(oneImageSchema, body));
  }
}
