import { z } from 'zod';
import { channelStatsSchema } from './channel';
import { linkUrlSchema } from './link-url';
import { playlistIdSchema } from './playlist';
import { sponsorshipInputSchema } from './sponsorships';
import { videoIdSchema, videoKindSchema } from './video';

export const BACKUP_SCHEMA_VERSION = 1;
export const BACKUP_MAX_VIDEOS = 100_000;
export const BACKUP_MAX_PLAYLISTS = 10_000;
export const BACKUP_MAX_SPONSORSHIPS = 10_000;

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });
/** Goes into `<img src>`, `og:image`, JSON-LD and the sitemap: http(s) or a path on the site only (issue 25). */
const thumbnail = linkUrlSchema(2048).nullable();

export const backupChannelSchema = channelStatsSchema
  .extend({
    title: z.string().min(1).max(255),
    handle: z.string().max(100).nullable(),
    description: z.string().max(10_000).nullable(),
    thumbnail,
    /** The banner's URL as YouTube gives it (absent in older backups: none until the next sync reads it). */
    banner: thumbnail.optional(),
    youtubeChannelId: z.string().max(64).nullable(),
    uploadsPlaylistId: z.string().max(64).nullable(),
    isDemo: z.boolean(),
  })
  .strict();

export const backupVideoSchema = z.strictObject({
  id: videoIdSchema,
  title: z.string().max(255),
  description: z.string().max(10_000).nullable(),
  thumbnail,
  duration: z.string().max(16),
  durationSeconds: z.number().int().nonnegative().max(2_147_483_647),
  viewCount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable(),
  publishedAt: isoDateTime,
  featured: z.boolean(),
  kind: videoKindSchema,
});

export const backupPlaylistSchema = z.strictObject({
  id: playlistIdSchema,
  title: z.string().max(255),
  thumbnail,
  videoCount: z.number().int().nonnegative().max(2_147_483_647),
  pinned: z.boolean(),
  position: z.number().int().nonnegative().max(2_147_483_647),
  /** The videos it holds, in its order (issue 15; absent in older backups: it holds none). */
  videoIds: z.array(videoIdSchema).max(BACKUP_MAX_VIDEOS).optional(),
});

function uniqueIds(items: { id: string }[], ctx: z.RefinementCtx, field: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      ctx.addIssue({ code: 'custom', path: [field, index, 'id'], message: `duplicate id ${item.id}` });
    seen.add(item.id);
  });
}

/**
 * What a backup says it leaves out (its `note`): the site's own copies of the images, which the site fetches again
 * after an import (docs/images.md).
 */
export const BACKUP_NOTE =
  "Images are left out: the site's own copies of the thumbnails and the channel's avatar and banner are fetched " +
  'again from YouTube after an import.';

/**
 * The backup file of `GET /api/admin/export` and `POST /api/admin/import`. Settings are checked key by key
 * against the settings registry by the API; secrets are never in a backup.
 */
export const backupSchema = z
  .strictObject({
    schemaVersion: z.literal(BACKUP_SCHEMA_VERSION, { message: `must be ${BACKUP_SCHEMA_VERSION}` }),
    exportedAt: isoDateTime,
    /** What the file leaves out (`BACKUP_NOTE`), for whoever reads it; an import ignores it. */
    note: z.string().max(1000).optional(),
    channel: backupChannelSchema.nullable(),
    videos: z.array(backupVideoSchema).max(BACKUP_MAX_VIDEOS),
    playlists: z.array(backupPlaylistSchema).max(BACKUP_MAX_PLAYLISTS),
    settings: z.record(z.string(), z.unknown()),
    /** The sponsorship deals, oldest start first (issue 13); a file without them leaves the deals as they are. */
    sponsorships: z.array(sponsorshipInputSchema).max(BACKUP_MAX_SPONSORSHIPS).optional(),
  })
  .superRefine((backup, ctx) => {
    uniqueIds(backup.videos, ctx, 'videos');
    uniqueIds(backup.playlists, ctx, 'playlists');
    if (backup.videos.filter((v) => v.featured).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['videos'], message: 'at most one video may be featured' });
    }
  });
export type Backup = z.infer<typeof backupSchema>;

export const importResultSchema = z.object({
  videos: z.number().int(),
  playlists: z.number().int(),
  settings: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const sitemapResultSchema = z.object({
  url: z.string(),
  videos: z.number().int(),
  bytes: z.number().int(),
  generatedAt: z.string(),
});
export type SitemapResult = z.infer<typeof sitemapResultSchema>;

/** `channel-backup-YYYY-MM-DD.json` */
export function backupFileName(date: Date): string {
  return `channel-backup-${date.toISOString().slice(0, 10)}.json`;
}
