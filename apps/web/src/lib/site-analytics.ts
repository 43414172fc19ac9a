import type { AnalyticsEvent, ViewportClass } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { SEARCH_QUERY_MAX_LENGTH } from '@app/contracts/limits';

/**
 * The page's side of first-party, cookieless site analytics (issue 13, docs/public-page.md): a page view leaves
 * at once (browsers do not always deliver a beacon sent while a page unloads, so a quick bounce would be lost);
 * other events wait in a queue and leave in batches with sendBeacon (fetch keepalive where it refuses) after a
 * short idle, and at once when the page is hidden or left. Nothing is sent until the public settings say `enableSiteAnalytics`, and
 * nothing at all when they say off. No cookie, no storage, no id: the server tells visitors apart by a hash
 * it never sends back. `track` only pushes to an array and sets a timer, so no click waits for it.
 */

/** `ANALYTICS_MAX_BATCH` of the contract (its file brings zod; site-analytics.spec.ts keeps the two equal). */
export const BATCH = 20;
export const EVENTS_URL = apiPaths.events;
/** Quiet time after the last event before the queue is sent. */
export const IDLE_MS = 1000;

type WithoutPath<T> = T extends unknown ? Omit<T, 'path'> : never;
export type SiteEvent = WithoutPath<AnalyticsEvent>;

let on: boolean | undefined;
let queue: AnalyticsEvent[] = [];
/** What this page load counted once already (its page view, the hero's impression): the boot script and the app both ask. */
let once = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
/** A page view waits: it goes at once (a visitor who leaves within a second is still counted). */
let urgent = false;

function send(events: AnalyticsEvent[]): void {
  const body = JSON.stringify({ events });
  try {
    if (navigator.sendBeacon(EVENTS_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // No sendBeacon: fetch below.
  }
  fetch(EVENTS_URL, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
}

/** Sends what waits (in batches of at most 20); before the settings are known it keeps them. */
export function flushSiteAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!on) return;
  urgent = false;
  while (queue.length) send(queue.splice(0, BATCH));
}

function schedule(): void {
  if (!on) return;
  if (urgent) flushSiteAnalytics();
  else timer ??= setTimeout(flushSiteAnalytics, IDLE_MS);
}

/** The public setting, once the API gave it: on sends what waits, off drops it and everything after. */
export function setSiteAnalytics(enabled: boolean): void {
  on = enabled;
  if (!enabled) queue = [];
  schedule();
}

export function track(event: SiteEvent): void {
  if (on === false) return;
  queue.push({ ...event, path: location.pathname.slice(0, 512) } as AnalyticsEvent);
  schedule();
}

export const viewportClass = (width: number): ViewportClass =>
  width < 768 ? 'phone' : width < 1200 ? 'tablet' : 'desktop';

/** The page view: referrer, the landing URL's UTM parameters (each 1-100 characters), viewport class. */
export function trackPageview(): void {
  if (once.has('pageview')) return;
  once.add('pageview');
  const params = new URLSearchParams(location.search);
  const utm: Record<string, string> = {};
  for (const key of ['source', 'medium', 'campaign']) {
    const value = params.get(`utm_${key}`)?.trim().slice(0, 100);
    if (value) utm[key] = value;
  }
  urgent = true;
  track({
    kind: 'pageview',
    referrer: document.referrer.slice(0, 2048) || undefined,
    utm: Object.keys(utm).length ? utm : undefined,
    viewport: viewportClass(innerWidth),
  });
}

/** The hero headline's impression, once per page load, whoever (the boot script or the hero) asks first. */
export function trackHeroImpression(variant: 'A' | 'B'): void {
  if (once.has('hero_impression')) return;
  once.add('hero_impression');
  track({ kind: 'hero_impression', variant });
}

/**
 * A search on the search page, once per page load: the query and how many videos it found (the owner sees the top
 * queries, and those that found nothing). The search page's boot calls it with the page's own figures.
 */
export function trackSearch(q: string, results: number): void {
  const query = q.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  if (!query || once.has('search')) return;
  once.add('search');
  track({ kind: 'search', q: query, results });
}

/** The attribute a link to another page carries with the event its click counts (see {@link trackLinkClicks}). */
export const TRACK_ATTRIBUTE = 'data-track';

/** `{ 'data-track': … }` for a link whose click counts `event`. */
export const trackOnClick = (event: SiteEvent) => ({ [TRACK_ATTRIBUTE]: JSON.stringify(event) });

/**
 * Counts clicks on links that lead away (YouTube, a playlist, a community link) from their `data-track`, by one
 * listener on the document: such a link works before the page's app has started (issue 23: the app starts on the
 * first interaction), and its click is counted then too.
 */
export function trackLinkClicks(): void {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest(`[${TRACK_ATTRIBUTE}]`) : null;
    if (!link) return;
    try {
      track(JSON.parse(link.getAttribute(TRACK_ATTRIBUTE) ?? '') as SiteEvent);
    } catch {
      // Not an event: nothing to count.
    }
  });
}

if (typeof window !== 'undefined') {
  addEventListener('pagehide', flushSiteAnalytics);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSiteAnalytics();
  });
}

/** Tests only: forget the setting and the queue. */
export function resetSiteAnalytics(): void {
  on = undefined;
  urgent = false;
  queue = [];
  once = new Set();
  clearTimeout(timer);
  timer = undefined;
}
