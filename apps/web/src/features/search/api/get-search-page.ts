import type { SearchResponse } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { SEARCH_PAGE_RESULTS, type SearchPageData, searchQueryTooLong } from '@app/contracts/search-page';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl, readJson, throwIfNotOk } from '../../../lib/api-client';

/** `GET /api/search?q=&offset=` as the search page shows it (the page model's `data` of `/search`). */
export async function getSearchPage(
  q: string,
  offset: number,
  signal?: AbortSignal,
): Promise<SearchPageData> {
  const empty = { q, offset, total: 0, results: [] };
  if (!q) return { ...empty, error: null };
  if (searchQueryTooLong(q)) return { ...empty, error: 'too-long' };
  const params = new URLSearchParams({ q, limit: String(SEARCH_PAGE_RESULTS), offset: String(offset) });
  const res = await fetch(apiUrl(`${apiPaths.search}?${params.toString()}`), { signal });
  // The API refuses what it cannot search (too long once trimmed differently): the page says so, as for a long one.
  if (res.status === 400) return { ...empty, error: 'too-long' };
  await throwIfNotOk(res);
  const answer = await readJson<SearchResponse>(res);
  return { q, offset, total: answer.total, results: answer.results, error: null };
}

export const searchPageQueryOptions = (q: string, offset: number) =>
  queryOptions({
    queryKey: [apiPaths.search, 'page', q, offset],
    queryFn: ({ signal }) => getSearchPage(q, offset, signal),
  });

export function useSearchPage(q: string, offset: number) {
  return useQuery(searchPageQueryOptions(q, offset));
}
