import type { LiveState, PublicSettings } from '@app/contracts';
import { scriptSafeJson } from '@app/contracts/html';
import { pageFeatures } from '@app/contracts/page-features';
import { PAGE_DATA_PATH } from '@app/contracts/page-data';
import type { DehydratedState } from '@tanstack/react-query';
import type { PageMessages } from './i18n/i18n';

/**
 * A page the server rendered carries a small `#ssr-state` block: when it was rendered (its relative dates count
 * from then), what its boot script must know before any app (below), and where its data is. The data it was
 * rendered with (React Query's state and the language's compiled catalogue, 4 KB of brotli on `/`) is a file of
 * its own, fetched when the app starts (issue 23): in the page it pushed `/` past TCP's first 14.6 KB, a round trip
 * more before anything painted on a phone. The web server keeps each rendering's data at its address
 * (apps/web/server/page-data.ts); the address names its content, so a browser may keep it.
 */
export const SSR_STATE_ID = 'ssr-state';

/** What the boot script (src/boot.ts) decides from, without React or the page's data. */
export interface BootFacts {
  /** Site analytics is on (the page view is counted at load). */
  siteAnalytics: boolean;
  /** The consent banner is on: third parties wait for the visitor's answer. */
  consentBanner: boolean;
  /** A third party (analytics, ads) is switched on and set up. */
  thirdParty: boolean;
  /** A stream is live or upcoming (its local time, its polling). */
  live: boolean;
  /** The search page's query and how many videos matched (the search is counted at load, `trackSearch`). */
  search?: { q: string; total: number };
}

export function bootFacts(
  settings: PublicSettings,
  live: LiveState | undefined,
  search?: { q: string; total: number; error: string | null },
): BootFacts {
  const features = pageFeatures(settings);
  return {
    siteAnalytics: settings.enableSiteAnalytics,
    consentBanner: settings.enableGDPRBanner,
    thirdParty: features.googleAnalytics || features.plausible || features.adsense,
    live: Boolean(live?.live || live?.upcoming),
    // A search that ran (not an empty or too long query).
    ...(search?.q && !search.error && { search: { q: search.q, total: search.total } }),
  };
}

/** The data a rendering was made with: what the app hydrates with. */
export interface PageData {
  state: DehydratedState;
  messages: PageMessages;
}

/**
 * The block, as a JSON data block (never run, so the page's script policy needs no hash for it), safe inside HTML:
 * `<`, `>`, `&` and the line separators JavaScript's JSON.parse accepts but HTML parsers may not keep.
 */
export function ssrStateScript(facts: BootFacts, renderedAt: number, dataId: string): string {
  return `<script type="application/json" id="${SSR_STATE_ID}" data-rendered-at="${renderedAt}" data-src="${PAGE_DATA_PATH}${dataId}">${scriptSafeJson(facts)}</script>`;
}

/** The boot facts of a page the server rendered, or undefined for a page the browser renders by itself. */
export function readBootFacts(): BootFacts | undefined {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as BootFacts;
  } catch {
    return undefined;
  }
}

/** When the server rendered the page (its relative dates count from then), or undefined. */
export function readSsrRenderTime(): number | undefined {
  const time = Number(document.getElementById(SSR_STATE_ID)?.dataset.renderedAt);
  return Number.isFinite(time) && time > 0 ? time : undefined;
}

let pageData: Promise<PageData | undefined> | undefined;

/**
 * The data the page was rendered with, fetched once (the boot script asks at the first sign of intent, the app
 * when it starts); undefined for a page the browser renders itself, or when the web server no longer has it (it
 * restarted, or another instance rendered the page): the app then asks the API, as a page it renders itself does.
 */
export function fetchPageData(): Promise<PageData | undefined> {
  const src = document.getElementById(SSR_STATE_ID)?.dataset.src;
  if (!src?.startsWith(PAGE_DATA_PATH)) return Promise.resolve(undefined);
  return (pageData ??= fetch(src, { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<PageData>) : undefined))
    .then((data) => (data?.state && data.messages ? data : undefined))
    .catch(() => undefined));
}
