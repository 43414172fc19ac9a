import { z } from 'zod';
import { siteImageSchema } from './site-image';

/** A stream of the channel that is live now or scheduled, as the light live check last saw it (issue 17). */
export const liveStreamSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  /** The site's own copy of the thumbnail (served at `/images/…`); null until the sync has it. */
  image: siteImageSchema.nullable(),
  state: z.enum(['live', 'upcoming']),
  /** ISO 8601 date-times; null when YouTube gives none. */
  scheduledStartTime: z.string().nullable(),
  actualStartTime: z.string().nullable(),
});
export type LiveStream = z.infer<typeof liveStreamSchema>;

/** Answer of `GET /api/live`: the newest live stream and the next scheduled one, each or both null. */
export const liveStateSchema = z.object({
  live: liveStreamSchema.nullable(),
  upcoming: liveStreamSchema.nullable(),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** Answer of `POST /api/sync/live-check`: what the check found and what it cost. */
export const liveCheckResultSchema = z.object({
  state: liveStateSchema,
  changed: z.boolean(),
  apiUnits: z.number().int().nonnegative(),
});
export type LiveCheckResult = z.infer<typeof liveCheckResultSchema>;
