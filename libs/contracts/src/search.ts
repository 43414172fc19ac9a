import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from './limits';
import { videoSchema } from './video';

/**
 * The site search (`GET /api/search?q=`, the `/search` page, View All's search field): one index over the videos'
 * titles, descriptions, chapters and transcript cues, the same contract on SQLite and MySQL/MariaDB.
 */

export { SEARCH_QUERY_MAX_LENGTH };
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
/** The moments (chapters, cues) a result shows at most. */
export const SEARCH_MOMENTS_MAX = 3;

export const searchQuerySchema = z.strictObject({
  q: z.string().trim().min(1, 'must not be empty').max(SEARCH_QUERY_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** Where a video matched, best first: its title, a chapter, its description, what is said in it. */
export const searchMatchKinds = ['title', 'chapter', 'description', 'transcript'] as const;
export type SearchMatchKind = (typeof searchMatchKinds)[number];

/** A snippet as parts, the matched words marked: the page renders them as text (`<mark>`), never as HTML. */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

/** A moment of a video that matched: a chapter or a cue, and its start in seconds ("at 12:34"). */
export const searchMomentSchema = z.object({
  kind: z.enum(['chapter', 'transcript']),
  at: z.number().nonnegative(),
  snippet: z.array(snippetPartSchema),
});
export type SearchMoment = z.infer<typeof searchMomentSchema>;

/** One video that matched: its best match's snippet, and its matching moments (at most `SEARCH_MOMENTS_MAX`). */
export const searchResultSchema = z.object({
  video: videoSchema,
  match: z.enum(searchMatchKinds),
  snippet: z.array(snippetPartSchema),
  moments: z.array(searchMomentSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Answer of `GET /api/search`: the query as searched, how many videos matched, and this page of them. */
export const searchResponseSchema = z.object({
  q: z.string(),
  total: z.number().int().nonnegative(),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
