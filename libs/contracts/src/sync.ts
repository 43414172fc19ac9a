import { z } from 'zod';

/** Answer of `POST /api/sync/youtube`. Counts cover videos and playlists together. */
export const syncResultSchema = z.object({
  /** Videos now stored. */
  videos: z.number().int().nonnegative(),
  /** Playlists now stored. */
  playlists: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** YouTube Data API quota units this sync spent. */
  apiUnits: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncOutcomes = ['running', 'success', 'failed'] as const;
export const syncOutcomeSchema = z.enum(syncOutcomes);
export type SyncOutcome = z.infer<typeof syncOutcomeSchema>;

export const notificationTargets = ['discord', 'webhook'] as const;

/** One new-video notification attempt of a sync (Discord message or signed `video.published` event). */
export const notificationDeliverySchema = z.object({
  target: z.enum(notificationTargets),
  videoId: z.string(),
  ok: z.boolean(),
  /** HTTP status of the receiver's answer, when there was one. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/** One recorded sync run (the `sync_run` history). */
export const syncRunSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 date-times. */
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: syncOutcomeSchema,
  videos: z.number().int().nonnegative(),
  playlists: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  apiUnits: z.number().int().nonnegative(),
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
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;
