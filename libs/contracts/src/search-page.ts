/**
 * The search page (`/search?q=&offset=`): its address, what it shows and its head. Free of zod so the public page
 * can import it alone (`@app/contracts/search-page`); the API builds the page model's search from here.
 */
import { SEARCH_QUERY_MAX_LENGTH } from './limits';
import {
  type PageHead,
  type PageHeadSettings,
  pageHead,
  SEARCH_PATH,
  SEARCH_QUERY_PARAM,
  siteName,
} from './page-head';
import type { SearchResult } from './search';

/** The results a search page shows at once (`GET /api/search`'s default page). */
export const SEARCH_PAGE_RESULTS = 20;
/** The furthest page a search page goes to (`GET /api/search`'s `offset` bound). */
export const SEARCH_PAGE_MAX_OFFSET = 10_000;
const OFFSET_PARAM = 'offset';

/** What the search page was asked for: the query as typed (trimmed) and where its page of results starts. */
export interface SearchPageParams {
  q: string;
  offset: number;
}

/**
 * What the search page shows: the query, how many videos matched and this page of them; `error` `too-long` when
 * the query is longer than `SEARCH_QUERY_MAX_LENGTH` (nothing searched). An empty query shows the form alone.
 */
export interface SearchPageData extends SearchPageParams {
  total: number;
  results: SearchResult[];
  error: 'too-long' | null;
}

/**
 * The search page's parameters from its URL's query: `q` trimmed and cut one character past the longest query (so
 * a 2 KB one travels no further than the web server, and still reads as too long), `offset` a whole number within
 * bounds (anything else: 0).
 */
export function searchPageParams(search: URLSearchParams): SearchPageParams {
  const q = (search.get(SEARCH_QUERY_PARAM) ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH + 1);
  const raw = search.get(OFFSET_PARAM) ?? '';
  const offset = /^\d{1,5}$/.test(raw) ? Math.min(Number(raw), SEARCH_PAGE_MAX_OFFSET) : 0;
  return { q, offset };
}

/** The address of a page of results (`/search?q=…`, with `&offset=` past the first page). */
export function searchPagePath(q: string, offset = 0): string {
  const params = new URLSearchParams({ [SEARCH_QUERY_PARAM]: q });
  if (offset > 0) params.set(OFFSET_PARAM, String(offset));
  return `${SEARCH_PATH}?${params.toString()}`;
}

/** The query is too long to search. */
export function searchQueryTooLong(q: string): boolean {
  return q.length > SEARCH_QUERY_MAX_LENGTH;
}

/**
 * The search page's head: the site's, titled "Search: {query} – {site}" (`title`: the localized "Search: {query}",
 * or "Search" for an empty query), and kept out of search engines' indexes (`robots: noindex`; robots.txt also
 * disallows `/search`): a results page is no content of its own.
 */
export function searchPageHead(settings: PageHeadSettings, origin: string, title: string): PageHead {
  const head = pageHead(settings, origin);
  return {
    ...head,
    title: `${title} – ${siteName(settings.siteTitle)}`,
    meta: [...head.meta, { attribute: 'name', key: 'robots', content: 'noindex' }],
  };
}
