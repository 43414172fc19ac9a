import { z } from 'zod';
import { googleAccountStates } from './google-account';

/**
 * Transcripts from YouTube (docs/integrations/google-account.md, "Transcripts from YouTube"): the channel's caption
 * tracks, listed (captions.list) and downloaded (captions.download) through the connected Google account while the
 * owner has the switch on, within a daily budget of YouTube Data API units. Routes: `apiPaths.youtubeCaptions*`.
 */

/** What each call costs in YouTube Data API quota units (https://developers.google.com/youtube/v3/determine_quota_cost). */
export const YOUTUBE_CAPTION_UNITS = { list: 50, download: 200 } as const;

/** A Google Cloud project's default YouTube Data API quota: units per day, reset at midnight Pacific Time. */
export const YOUTUBE_DATA_DAILY_QUOTA = 10_000;

/**
 * Units the caption import allows itself per quota day (Pacific Time, as Google counts), unless the API's
 * `YOUTUBE_CAPTIONS_DAILY_UNITS` changes it: half the default quota, so the sync (about 300 units for 5,000 videos),
 * the live checks (2 units each) and new-video pushes (1 unit) always have the other half.
 */
export const YOUTUBE_CAPTIONS_DAILY_UNITS = 5_000;

const count = z.number().int().nonnegative();
/** An instant, ISO 8601. */
const instant = z.string();

/** What stopped the last run, if anything. */
export const youtubeCaptionsErrorKinds = [
  /** The site's own daily budget is spent: the run goes on with the next quota day. */
  'budget',
  /** Google answered quotaExceeded (the project's quota is spent): what was read stays, the next day goes on. */
  'quota',
  /** Google has not granted youtube.force-ssl (or YouTube refused it): nothing can be read until it is. */
  'scope',
  /** Google refused the grant (`invalid_grant`): the Google account card says Reconnect needed. */
  'reconnect-needed',
  /** Google could not be reached or failed; the next run tries again. */
  'unreachable',
  /** YouTube refused a call in a way the site does not expect (a bug to report). */
  'refused',
] as const;
export type YoutubeCaptionsErrorKind = (typeof youtubeCaptionsErrorKinds)[number];

/** Why a track YouTube lists is not stored. */
export const youtubeCaptionSkipReasons = [
  /** Not published on YouTube yet. */
  'draft',
  /** YouTube is still processing it (`syncing`) or failed to (`failed`). */
  'not-serving',
  /** A forced track (only the lines in another language): not a transcript. */
  'forced',
  /** YouTube refused the download (403 forbidden: a track another account contributed, for one). */
  'forbidden',
  /** The file could not be read as captions, or YouTube could not convert it. */
  'unreadable',
  /** Another track of the same language and kind is stored (one per language and kind). */
  'duplicate',
] as const;
export type YoutubeCaptionSkipReason = (typeof youtubeCaptionSkipReasons)[number];

export const youtubeCaptionSkipSchema = z.object({
  videoId: z.string(),
  /** The video's title on the site (null when the video is gone). */
  title: z.string().nullable(),
  language: z.string(),
  /** The track's name on YouTube ('' for an automatic track). */
  name: z.string(),
  reason: z.enum(youtubeCaptionSkipReasons),
  /** YouTube's own words, or the line that could not be read, when there are any. */
  detail: z.string(),
});
export type YoutubeCaptionSkip = z.infer<typeof youtubeCaptionSkipSchema>;

/** At most this many skipped tracks are listed in the status (`skippedCount` counts them all). */
export const YOUTUBE_CAPTIONS_SKIPS_SHOWN = 20;

/** `GET /api/admin/youtube-captions/status`: the "Transcripts from YouTube" card. Never a token. */
export const youtubeCaptionsStatusSchema = z.object({
  /** The owner's switch (the `youtubeCaptions` setting). */
  enabled: z.boolean(),
  connection: z.enum(googleAccountStates),
  /** The connected account granted youtube.force-ssl. */
  scopeGranted: z.boolean(),
  /** What the owner has to do before anything is read, in the dashboard's words; null when nothing. */
  message: z.string().nullable(),
  running: z.boolean(),
  /** Tracks read from YouTube and stored, and the videos they belong to. */
  tracks: count,
  videosWithTracks: count,
  /** The round through the site's videos (newest first): videos listed of the videos to list. */
  videos: z.object({ checked: count, total: count }),
  units: z.object({
    /** Units spent today (the quota day: Pacific Time), refused calls included: Google counts them too. */
    today: count,
    /** The import's own daily budget (YOUTUBE_CAPTIONS_DAILY_UNITS unless the environment changes it). */
    dailyBudget: count,
  }),
  lastRunAt: instant.nullable(),
  /** When the next nightly run starts (null while the switch is off or nothing is connected). */
  nextRunAt: instant.nullable(),
  /** The last run's trouble, if it ended with one (cleared by a run that ends well). */
  lastError: z
    .object({ kind: z.enum(youtubeCaptionsErrorKinds), message: z.string(), at: instant })
    .nullable(),
  /** Tracks YouTube lists that are not stored, and why (the first YOUTUBE_CAPTIONS_SKIPS_SHOWN). */
  skipped: z.array(youtubeCaptionSkipSchema),
  skippedCount: count,
});
export type YoutubeCaptionsStatus = z.infer<typeof youtubeCaptionsStatusSchema>;

/** `POST /api/admin/youtube-captions/switch`: the owner turns "Transcripts from YouTube" on or off. */
export const youtubeCaptionsSwitchBodySchema = z.strictObject({
  enabled: z.boolean({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be true or false'),
  }),
});
export type YoutubeCaptionsSwitchBody = z.infer<typeof youtubeCaptionsSwitchBodySchema>;

/**
 * Its answer. Turned on while the connected account has not granted youtube.force-ssl: the address of Google's
 * consent page asking for it (incremental authorization), where the dashboard sends the browser; else null.
 */
export const youtubeCaptionsSwitchResultSchema = z.object({
  status: youtubeCaptionsStatusSchema,
  authorizationUrl: z.string().nullable(),
});
export type YoutubeCaptionsSwitchResult = z.infer<typeof youtubeCaptionsSwitchResultSchema>;

/** `POST /api/admin/youtube-captions/refresh` (202): whether a run started or one was already running. */
export const youtubeCaptionsRefreshSchema = z.object({
  started: z.boolean(),
  status: youtubeCaptionsStatusSchema,
});
export type YoutubeCaptionsRefresh = z.infer<typeof youtubeCaptionsRefreshSchema>;
