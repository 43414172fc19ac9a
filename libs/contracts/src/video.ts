import { z } from 'zod';
import { type VideoKind, videoKinds } from './video-filters';
import { siteImageSchema } from './site-image';
import { TRANSCRIPT_KINDS, TRANSCRIPT_SOURCES, type WatchTranscript } from './transcripts';
import { VIDEO_ID_PATTERN } from './youtube';

export * from './video-filters';

export const videoKindSchema = z.enum(videoKinds);

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** The site's own copy of the thumbnail (served at `/images/…`); null until the sync has it. */
  image: siteImageSchema.nullable(),
  /** Display text, shown as-is (`4:05`, `1:02:03`). */
  duration: z.string(),
  durationSeconds: z.number().int().nonnegative(),
  /** Null when YouTube withholds it (unknown, not 0): the page leaves it out. */
  viewCount: z.number().int().nonnegative().nullable(),
  /** ISO 8601 date-time. */
  publishedAt: z.string(),
  featured: z.boolean(),
  kind: videoKindSchema,
});
export type Video = z.infer<typeof videoSchema>;

/**
 * Answer of `GET /api/videos/featured`: the video the owner chose (`featured: true`); until they choose one, the
 * newest long video (kind `video`, `featured: false`); `null` when the channel has no such video.
 */
export const featuredVideoSchema = videoSchema.nullable();

export const videoSorts = ['recent', 'popular', 'oldest'] as const;
export const videoSortSchema = z.enum(videoSorts);
export type VideoSort = z.infer<typeof videoSortSchema>;

export const MAX_VIDEO_PAGE_SIZE = 10000;

/**
 * `kind` of `GET /api/videos`: one kind or several, comma-separated (`live,upcoming,replay`). Absent: every kind.
 * The public page's filters and the hidden-Shorts setting ask for these lists (`video-filters.ts`).
 */
export const videoKindListSchema = z
  .string()
  .regex(
    new RegExp(`^(${videoKinds.join('|')})(,(${videoKinds.join('|')}))*$`),
    `must be one or more of ${videoKinds.join(', ')}, comma-separated`,
  )
  .transform((value) => [...new Set(value.split(','))] as VideoKind[]);

/** Query of `GET /api/videos`; the total number of matches is in the `X-Total-Count` header. */
export const videoListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  sort: videoSortSchema.default('recent'),
  kind: videoKindListSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_VIDEO_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

export const videoIdSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(VIDEO_ID_PATTERN, 'must be a video id (letters, digits, - and _)');

/** A playlist that holds a video, as its watch page lists it. */
export const videoPlaylistSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  /** The site's own copy of the thumbnail (served at `/images/…`); null until the sync has it. */
  image: siteImageSchema.nullable(),
});
export type VideoPlaylist = z.infer<typeof videoPlaylistSchema>;

/**
 * Of a live, scheduled or ended stream (a replay), as the light live check or the sync last saw it (ISO 8601
 * date-times, null when unknown; `actualEndTime` is set once it has ended).
 */
export const videoLiveDetailsSchema = z.object({
  state: z.enum(['live', 'upcoming', 'ended']),
  scheduledStartTime: z.string().nullable(),
  actualStartTime: z.string().nullable(),
  actualEndTime: z.string().nullable(),
});
export type VideoLiveDetails = z.infer<typeof videoLiveDetailsSchema>;

/** A watch page's transcript (`WatchTranscript`): its track and its paragraphs, times in seconds. */
export const watchTranscriptSchema = z.object({
  source: z.enum(TRANSCRIPT_SOURCES),
  language: z.string(),
  kind: z.enum(TRANSCRIPT_KINDS),
  paragraphs: z.array(
    z.object({ start: z.number().nonnegative(), end: z.number().nonnegative(), text: z.string() }),
  ),
}) satisfies z.ZodType<WatchTranscript>;

/** Most related videos a watch page lists. */
export const RELATED_VIDEOS_MAX = 8;

/**
 * Answer of `GET /api/videos/{id}`: what a watch page shows. `description` is the whole text; `live` is set
 * for a stream the live check saw live or scheduled, and for a replay whose stream times are known; `related`: up to 8, those sharing a playlist with it
 * first, then the newest of its kind, never the video itself.
 */
export const videoDetailSchema = videoSchema.extend({
  live: videoLiveDetailsSchema.nullable(),
  playlists: z.array(videoPlaylistSchema),
  related: z.array(videoSchema),
  /**
   * The links of the sponsorship deals that name this video (sponsor-links.ts): a click on the same address in the
   * description counts as `sponsor_click` with the deal's id (first-party analytics). Empty for most videos.
   */
  sponsorLinks: z.array(z.object({ sponsorId: z.string(), url: z.string() })),
  /**
   * What is said in it (`TranscriptStore.preferred`: the site language's track first), in paragraphs of about
   * 20–30 s (`transcriptParagraphs`); null when it has none.
   */
  transcript: watchTranscriptSchema.nullable(),
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;
