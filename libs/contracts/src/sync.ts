import { z } from 'zod';

/** What a sync counts, in its answer and in its run's record. `added`, `updated`, `removed`: videos and playlists. */
const syncCounts = {
  /** Videos now stored. */
  videos: z.number().int().nonnegative(),
  /** Playlists now stored. */
  playlists: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** YouTube Data API quota units this sync spent. */
  apiUnits: z.number().int().nonnegative(),
};

/** Answer of `POST /api/sync/youtube`. */
export const syncResultSchema = z.object({
  ...syncCounts,
  durationMs: z.number().int().nonnegative(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncOutcomes = ['running', 'success', 'failed'] as const;
export const syncOutcomeSchema = z.enum(syncOutcomes);
export type SyncOutcome = z.infer<typeof syncOutcomeSchema>;

export const notificationTargets = ['discord', 'webhook', 'email'] as const;

/**
 * One new-video notification of a sync (Discord message, signed `video.published` event or e-mail to the
 * notification address).
 */
export const notificationDeliverySchema = z.object({
  target: z.enum(notificationTargets),
  videoId: z.string(),
  ok: z.boolean(),
  /** The receiver's answer, when there was one: the HTTP status, or the SMTP reply code for an e-mail. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  /** How many tries it took or were made (e-mail retries a temporary failure); absent means one. */
  attempts: z.number().int().positive().optional(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/** `sync`: a whole sync (key or feed mode); `push`: one WebSub notification that added or changed a video. */
export const syncRunKindSchema = z.enum(['sync', 'push']);
export type SyncRunKind = z.infer<typeof syncRunKindSchema>;

/** One recorded sync run (the `sync_run` history). */
export const syncRunSchema = z.object({
  id: z.number().int(),
  kind: syncRunKindSchema,
  /** The video a push fetched (its kind `push`); null for a sync. */
  videoId: z.string().nullable(),
  /** ISO 8601 date-times. */
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: syncOutcomeSchema,
  ...syncCounts,
  /** API pages (one call each) or feeds fetched so far (issue 24: kept once the run ends). */
  pages: z.number().int().nonnegative(),
  /** The uploads the channel has, as YouTube said at the start; null until known (or in feed mode). */
  expectedVideos: z.number().int().nonnegative().nullable(),
  /** null while the run is still going. */
  durationMs: z.number().int().nonnegative().nullable(),
  /** What went wrong, for a failed run. */
  error: z.string().nullable(),
  /** null while notifications are pending or when none were due. */
  notifications: z.array(notificationDeliverySchema).nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** Answer of `GET /api/sync/status`, for the dashboard. */
export const syncStatusSchema = z.object({
  /** The most recent run (it may still be running), or null before the first sync. */
  lastRun: syncRunSchema.nullable(),
  /** The most recent successful run, or null. */
  lastSuccess: syncRunSchema.nullable(),
  /** The most recent push (WebSub) that added or changed a video, or null; `lastRun` and `lastSuccess` are syncs. */
  lastPush: syncRunSchema.nullable(),
  /**
   * What the sync would use now: whether a channel is set (in the dashboard or the server's environment) and
   * whether an API key is (without one the sync reads the channel's feed).
   */
  setup: z.object({ channel: z.boolean(), apiKey: z.boolean() }),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/**
 * Seconds a running sync still needs, from the pace so far: the time each fetched video took, times the videos
 * left (issue 24). Null while nothing is known yet (no video fetched, or the total unknown).
 */
export function syncSecondsLeft(
  run: Pick<SyncRun, 'startedAt' | 'videos' | 'expectedVideos'>,
  now: number,
): number | null {
  if (!run.expectedVideos || run.videos <= 0) return null;
  const elapsed = Math.max(0, now - Date.parse(run.startedAt)) / 1000;
  const left = Math.max(0, run.expectedVideos - run.videos);
  return Math.round((elapsed / run.videos) * left);
}

/** Why push (WebSub) is off: PUBLIC_URL is not a public https origin, or no channel is set. */
export const websubOffReasonSchema = z.enum(['no-public-url', 'no-channel']);
export type WebsubOffReason = z.infer<typeof websubOffReasonSchema>;

/** Answer of `GET /api/youtube/websub/status`: the push subscription's state for the dashboard (no secret). */
export const websubStatusSchema = z.object({
  /** off: not subscribed (see `offReason`); pending: asked the hub, not verified yet; active: verified. */
  state: z.enum(['off', 'pending', 'active']),
  offReason: websubOffReasonSchema.nullable(),
  /** The channel whose uploads are pushed, or null when off. */
  channelId: z.string().nullable(),
  /** When the hub's lease ends (ISO), once verified. */
  leaseExpiresAt: z.string().nullable(),
  /** The last correctly signed notification (ISO), or null. */
  lastNotificationAt: z.string().nullable(),
  /** Why the last subscribe request failed, or null. */
  lastError: z.string().nullable(),
});
export type WebsubStatus = z.infer<typeof websubStatusSchema>;
