/**
 * What a page asks the API for, with the page request's host and protocol as the proxy would pass them: its head
 * (`GET /api/page-head`, `?video=` for a watch page), the hosts its policy lets in (`GET /api/settings/page-policy`)
 * and, for a page the browser renders, the site's language (`GET /api/settings`). A part the API does not give in
 * time is left out: the page goes out with the defaults, never as an error.
 */
import { apiPaths } from '@app/contracts/api-paths';
import {
  PAGE_POLICY_PATH,
  type PagePolicySources,
  pagePolicySourcesSchema,
} from '@app/contracts/page-policy';
import type { IncomingMessage } from 'node:http';
import { protocolOf, siteHost } from './proxy-trust';

/** How long a page waits for its head from the API before it goes out with the defaults. */
export const PAGE_HEAD_TIMEOUT_MS = 2000;

/** The API's answers a page is assembled from (assemble-page.ts). */
export interface PageAnswers {
  /** The head's tags, and the API's Cache-Control on them (`private` when its links follow the Host). */
  head?: { text: string; cacheControl: string };
  /** The hosts of the features switched on; undefined: the strict baseline. */
  sources?: PagePolicySources;
  /** The API's Cache-Control on the policy (`no-store`: the page is not kept). */
  policyCacheControl: string;
  /** The site's language, asked only for a page the browser renders. */
  siteLanguage?: unknown;
}

async function fetchFromApi(
  apiUrl: string,
  req: IncomingMessage,
  path: string,
  json = false,
): Promise<{ text: string; cacheControl: string }> {
  const res = await fetch(new URL(path, apiUrl), {
    headers: { 'X-Forwarded-Host': siteHost(req), 'X-Forwarded-Proto': protocolOf(req) },
    signal: AbortSignal.timeout(PAGE_HEAD_TIMEOUT_MS),
  });
  if (!res.ok || (json && res.status !== 200)) throw new Error(`${path}: ${res.status}`);
  return { text: await res.text(), cacheControl: res.headers.get('cache-control') ?? '' };
}

/** Asks the API, at once and in parallel, for what the page of `req` needs. */
export async function askApiForPage(
  apiUrl: string,
  req: IncomingMessage,
  page: { videoId: string | null; withLanguage: boolean },
): Promise<PageAnswers> {
  const headPath =
    page.videoId === null
      ? apiPaths.pageHead
      : `${apiPaths.pageHead}?video=${encodeURIComponent(page.videoId)}`;
  // No answer, or one that is not a policy: the strict baseline, never an error page.
  const policy = fetchFromApi(apiUrl, req, PAGE_POLICY_PATH, true)
    .then(({ text, cacheControl }) => ({
      sources: pagePolicySourcesSchema.parse(JSON.parse(text)) as PagePolicySources | undefined,
      cacheControl,
    }))
    .catch(() => ({ sources: undefined, cacheControl: '' }));
  // No answer (or an error) from the API: the defaults in index.html stand.
  const head = fetchFromApi(apiUrl, req, headPath).catch(() => undefined);
  // A page not rendered here (the 404, the dashboard) is rendered by the browser in the site's language,
  // which the page says (`data-site-language`): a first visit has no settings of its own yet.
  const language = page.withLanguage
    ? fetchFromApi(apiUrl, req, apiPaths.settings, true)
        .then(({ text }) => (JSON.parse(text) as { siteLanguage?: unknown }).siteLanguage)
        .catch(() => undefined)
    : undefined;
  const [headAnswer, { sources, cacheControl }, siteLanguage] = await Promise.all([head, policy, language]);
  return { head: headAnswer, sources, policyCacheControl: cacheControl, siteLanguage };
}
