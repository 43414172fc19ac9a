/**
 * The page model: everything a server render of one path needs, in one answer of the API
 * (`GET /api/page?path=/videos/abc`): the public settings, the page's head tags, the Content-Security-Policy's
 * sources, how the page may be cached, the page's data, its status and the content version the whole answer is
 * of. The web server renders a page from it alone and keeps the rendering under that version
 * (docs/architecture.md, "The page model").
 */
import { z } from 'zod';
import { apiPaths } from './api-paths';
import { channelStatsSchema } from './channel';
import { liveStateSchema } from './live';
import { mediaKitSchema } from './media-kit';
import { pagePolicySourcesSchema } from './page-policy';
import { playlistSchema } from './playlist';
import { searchResultSchema } from './search';
import { SEARCH_PAGE_MAX_OFFSET, type SearchPageData, type SearchPageParams } from './search-page';
import { publicSettingsSchema } from './settings';
import { sponsorReportSchema } from './sponsor-reports';
import { featuredVideoSchema, videoDetailSchema, videoSchema } from './video';

/** The longest path a page model is asked for (longer ones are no page of the site). */
export const PAGE_PATH_MAX = 2048;

/** `?path=`: a path of the site as the browser asked for it, without its query or fragment. */
export const pageModelQuerySchema = z.strictObject({
  path: z
    .string()
    .max(PAGE_PATH_MAX)
    .regex(/^\/[^?#\s]*$/, 'must be a page path starting with / (no query, no fragment, no spaces)'),
  /** The search page's query (`/search?q=`), as the web server read it (`searchPageParams`). */
  q: z.string().max(PAGE_PATH_MAX).optional(),
  /** The search page's first result (`&offset=`). */
  offset: z.coerce.number().int().min(0).max(SEARCH_PAGE_MAX_OFFSET).optional(),
});
export type PageModelQuery = z.infer<typeof pageModelQuerySchema>;

/** The page model's address for a path of the site (the search page's with its query and offset). */
export function pageModelUrl(path: string, search?: SearchPageParams): string {
  const url = `${apiPaths.pageModel}?path=${encodeURIComponent(path)}`;
  return search ? `${url}&q=${encodeURIComponent(search.q)}&offset=${search.offset}` : url;
}

/**
 * How the page's HTML may be kept: by any shared cache when the site's address is fixed (PUBLIC_URL), else only by
 * the asker's browser (the head's links follow the request's Host, docs/security.md). `cacheControl` is the header
 * the HTML goes out with: every copy is revalidated (its ETag), none is kept by time.
 */
export const pageCachePolicySchema = z.object({
  shared: z.boolean(),
  cacheControl: z.enum(['no-cache', 'private, no-cache']),
});
export type PageCachePolicy = z.infer<typeof pageCachePolicySchema>;

/** The first videos of a list, with how many match (what `GET /api/videos` says in `X-Total-Count`). */
export const videoListSchema = z.object({
  items: z.array(videoSchema),
  total: z.number().int().nonnegative(),
});
export type VideoList = z.infer<typeof videoListSchema>;

/**
 * What `/` shows on its first screen and below it, as its queries would fetch it: a section the settings switch
 * off is left out.
 */
export const homePageDataSchema = z.object({
  channel: channelStatsSchema,
  /** The latest `VIDEO_PAGE_SIZE` videos of the kinds the grid shows (no Shorts when `hideShorts`). */
  videos: videoListSchema,
  live: liveStateSchema,
  /** With `showFeaturedVideo`: `GET /api/videos/featured`'s answer (null when the channel has none). */
  featured: featuredVideoSchema.optional(),
  /** With `showPlaylistSection`. */
  playlists: z.array(playlistSchema).optional(),
  /** With `showShortsShelf`: the latest `SHORTS_SHELF_SIZE` Shorts. */
  shorts: videoListSchema.optional(),
});
export type HomePageData = z.infer<typeof homePageDataSchema>;

/** The search page's data (`SearchPageData`, search-page.ts). */
export const searchPageDataSchema = z.object({
  q: z.string(),
  offset: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  results: z.array(searchResultSchema),
  error: z.enum(['too-long']).nullable(),
}) satisfies z.ZodType<SearchPageData>;

const pageModelBase = z.object({
  /** The path asked for. */
  path: z.string(),
  /** The content version this answer is of (digits): the same number as its ETag and `X-Content-Version`. */
  version: z.string().regex(/^\d+$/),
  /** The public settings, as `GET /api/settings` gives them. */
  settings: publicSettingsSchema,
  /** The `<head>` tags, an HTML fragment for between the shell's page-head marks. */
  head: z.string(),
  /** The third-party sources of the page's Content-Security-Policy (the features switched on). */
  policy: pagePolicySourcesSchema,
  cache: pageCachePolicySchema,
});

/**
 * One per kind of page: `/` (rendered on the server with its data), a watch page (its video, or a 404 for one the
 * site does not have), a sponsor report (its figures; 404 for a token that is none, 410 for a revoked link), the
 * media kit (only while it is on, or for the signed-in owner's preview), the search page (its query's results; an
 * empty query shows the form alone, a too long one says so), the dashboard (the shell; the browser
 * renders it) and any other path (the not-found page, 404). A report and the media kit are read again at every
 * view: their answer is `no-store`, and their `head` is empty (the web server renders the whole document).
 */
export const pageModelSchema = z.discriminatedUnion('kind', [
  pageModelBase.extend({ kind: z.literal('home'), status: z.literal(200), data: homePageDataSchema }),
  pageModelBase.extend({
    kind: z.literal('watch'),
    status: z.union([z.literal(200), z.literal(404)]),
    /** `video` is null (and the status 404) for a video the site does not have. */
    data: z.object({ video: videoDetailSchema.nullable() }),
  }),
  pageModelBase.extend({
    kind: z.literal('sponsor-report'),
    status: z.union([z.literal(200), z.literal(404), z.literal(410)]),
    /** `report` is null (and the status 404 or 410) for a link that is none or was revoked. */
    data: z.object({ report: sponsorReportSchema.nullable() }),
  }),
  pageModelBase.extend({ kind: z.literal('search'), status: z.literal(200), data: searchPageDataSchema }),
  pageModelBase.extend({ kind: z.literal('media-kit'), status: z.literal(200), data: mediaKitSchema }),
  pageModelBase.extend({ kind: z.literal('dashboard'), status: z.literal(200), data: z.null() }),
  pageModelBase.extend({ kind: z.literal('not-found'), status: z.literal(404), data: z.null() }),
]);
export type PageModel = z.infer<typeof pageModelSchema>;
export type PageKind = PageModel['kind'];
