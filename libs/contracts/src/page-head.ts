/**
 * The document head the site's settings describe (title, description, keywords, social cards,
 * feed link), and `/`'s (its canonical URL, `WebSite` and `ItemList`; a watch page's is in watch.ts). One
 * description for both sides: the API renders it into the page model's head, which the web server puts into the
 * HTML it sends (`GET /api/page`, for crawlers and link previews that run no script), and the page applies it again
 * when settings change. Free of zod so the public page can import it alone
 * (`@app/contracts/page-head`).
 */
import type { ItemList, WebSite, WithContext } from 'schema-dts';
import { OPENSEARCH_PATH, OPENSEARCH_TYPE } from './api-paths';
import { jsonLdText } from './broadcast-event';
import { escapeHtml } from './html';
import { siteLanguageInfo } from './site-language';
import type { PublicSettings } from './settings';

/** The site's name where the admin left the title empty and no channel is synced. */
export const DEFAULT_SITE_TITLE = 'Channel';
export const DEFAULT_DESCRIPTION = 'Videos, playlists and community of the channel.';

/** The site's name as every surface shows it: the title, or the default for an empty one. */
export function siteName(siteTitle: string): string {
  return siteTitle.trim() || DEFAULT_SITE_TITLE;
}

/** The site search's page (`/search?q=`): the top bar's search field and the discovery documents lead there. */
export const SEARCH_PATH = '/search';
/** The search page's query parameter. */
export const SEARCH_QUERY_PARAM = 'q';

/** The site search's page for a query (`/search?q=…`), absolute; `{searchTerms}`-style placeholders are kept as written. */
export function searchPageTemplate(origin: string, placeholder: string): string {
  return `${origin}${SEARCH_PATH}?${SEARCH_QUERY_PARAM}={${placeholder}}`;
}

/** The web app's own icon (`apps/web/public/favicon.svg`), the site's until the owner uploads one. */
export const DEFAULT_FAVICON = { href: '/favicon.svg', type: 'image/svg+xml' } as const;

/** The site's icon: the owner's favicon (a data URL, its type read from it), else the default one (a path). */
export function siteIcon(faviconImage: string | null): { href: string; type: string } {
  if (!faviconImage) return DEFAULT_FAVICON;
  return { href: faviconImage, type: /^data:([^;,]+)/.exec(faviconImage)?.[1] ?? 'image/png' };
}

/** The settings the head is made of. */
export const pageHeadSettingsKeys = [
  'siteTitle',
  'siteDescription',
  'metaKeywords',
  'ogImage',
  'twitterHandle',
  'enableRSS',
  'siteLanguage',
] as const satisfies readonly (keyof PublicSettings)[];

export type PageHeadSettings = Pick<PublicSettings, (typeof pageHeadSettingsKeys)[number]>;

export interface HeadMeta {
  attribute: 'name' | 'property';
  key: string;
  /** Empty means the tag is left out. */
  content: string;
}

export interface PageHead {
  title: string;
  meta: HeadMeta[];
  /** The RSS feed link, or null when the feed is off. */
  feed: { href: string; title: string } | null;
  /** The OpenSearch description's link (`<link rel="search">`), on every page. */
  search: { href: string; type: string; title: string };
  /** A watch page's (`watch.ts`): its canonical URL, its oEmbed discovery link and its structured data. */
  canonical?: string;
  oembed?: { href: string; title: string };
  jsonLd?: unknown[];
}

/** `origin` is the site's own (`https://example.com`), for the absolute `og:url`. */
export function pageHead(settings: PageHeadSettings, origin: string): PageHead {
  const title = siteName(settings.siteTitle);
  const description = settings.siteDescription || DEFAULT_DESCRIPTION;
  const handle = settings.twitterHandle ? `@${settings.twitterHandle.replace(/^@/, '')}` : '';
  const name = (key: string, content: string): HeadMeta => ({ attribute: 'name', key, content });
  const property = (key: string, content: string): HeadMeta => ({ attribute: 'property', key, content });
  return {
    title,
    meta: [
      name('description', description),
      name('keywords', settings.metaKeywords),
      property('og:type', 'website'),
      property('og:site_name', title),
      property('og:title', title),
      property('og:description', description),
      property('og:url', `${origin}/`),
      property('og:locale', siteLanguageInfo[settings.siteLanguage].ogLocale),
      property('og:image', settings.ogImage),
      name('twitter:card', settings.ogImage ? 'summary_large_image' : 'summary'),
      name('twitter:site', handle),
      name('twitter:creator', handle),
      name('twitter:title', title),
      name('twitter:description', description),
      name('twitter:image', settings.ogImage),
    ],
    feed: settings.enableRSS ? { href: '/rss.xml', title: `${title} videos` } : null,
    search: { href: OPENSEARCH_PATH, type: OPENSEARCH_TYPE, title },
  };
}

/** The head as HTML (every value escaped), to stand in `index.html`'s `<head>`. */
export function pageHeadHtml(head: PageHead): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    ...head.meta
      .filter((m) => m.content)
      .map((m) => `<meta ${m.attribute}="${m.key}" content="${escapeHtml(m.content)}" />`),
    ...(head.feed
      ? [
          `<link rel="alternate" type="application/rss+xml" href="${head.feed.href}" title="${escapeHtml(head.feed.title)}" />`,
        ]
      : []),
    `<link rel="search" type="${head.search.type}" href="${head.search.href}" title="${escapeHtml(head.search.title)}" />`,
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...(head.oembed
      ? [
          `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(head.oembed.href)}" title="${escapeHtml(head.oembed.title)}" />`,
        ]
      : []),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonLdText(data)}</script>`),
  ].join('\n');
}

/**
 * schema.org `WebSite` of `/`, with its search as a `SearchAction` (the search page's address with the query's
 * placeholder, and Google's `query-input` annotation naming it).
 */
export function websiteJsonLd(
  settings: Pick<PageHeadSettings, 'siteTitle' | 'siteDescription'> &
    Partial<Pick<PageHeadSettings, 'siteLanguage'>>,
  origin: string,
): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName(settings.siteTitle),
    ...(settings.siteDescription ? { description: settings.siteDescription } : {}),
    url: `${origin}/`,
    // The language of the site's own texts (issue 26).
    ...(settings.siteLanguage && settings.siteLanguage !== 'en-XA'
      ? { inLanguage: settings.siteLanguage }
      : {}),
    potentialAction: searchAction(origin),
  };
}

/** The site's search as schema.org describes it (Google's `query-input` names the target's placeholder). */
function searchAction(origin: string): WebSite['potentialAction'] {
  // schema-dts has no type for Google's `<property>-input` annotation, so the action is built beside it.
  const action = {
    '@type': 'SearchAction',
    target: searchPageTemplate(origin, 'search_term_string'),
    'query-input': 'required name=search_term_string',
  } as const;
  return action;
}

/** schema.org `ItemList` of `/`: the watch pages of the videos it shows (`watchPageUrl`), in its order. */
export function itemListJsonLd(urls: readonly string[]): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: urls.map((url, i) => ({ '@type': 'ListItem', position: i + 1, url })),
  };
}

/**
 * The head of `/`: the site's head with its canonical URL and its structured data, a `WebSite` and the `ItemList`
 * of the watch pages of the videos it shows first (their `watchPageUrl`s, in order).
 */
export function homePageHead(
  settings: PageHeadSettings,
  origin: string,
  watchPageUrls: readonly string[],
): PageHead {
  return {
    ...pageHead(settings, origin),
    canonical: `${origin}/`,
    jsonLd: [websiteJsonLd(settings, origin), itemListJsonLd(watchPageUrls)],
  };
}
