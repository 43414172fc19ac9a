/**
 * The Content-Security-Policy of the site's pages, in one place: a strict baseline (the page's own
 * origin, whose `/images/…` are the channel's images, and the YouTube player), plus the hosts of Google Analytics, Plausible and AdSense only
 * while the admin has that feature switched on. The API says which are on (the page model's `policy`,
 * `GET /api/page`); the web app's server (apps/web/server) puts the sources into the policy it sends with
 * each page, and sends the baseline when the API does not answer.
 * apps/web/server/page-csp.ts adds the hashes of the page shell's inline scripts.
 */
import { z } from 'zod';
import type { PageFeatures } from './page-features';

/** The player, on a click. Its images are the site's own (`/images/…`): no YouTube host is an image source. */
export const YOUTUBE = {
  frame: ['https://www.youtube-nocookie.com'],
};

export const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
  frame: [] as string[],
};

export const PLAUSIBLE = {
  script: ['https://plausible.io'],
  connect: ['https://plausible.io'],
  img: [] as string[],
  frame: [] as string[],
};

export const ADSENSE = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://partner.googleadservices.com',
    'https://www.googletagservices.com',
    'https://adservice.google.com',
    'https://ep2.adtrafficquality.google',
  ],
  frame: [
    'https://googleads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://www.google.com',
    'https://ep2.adtrafficquality.google',
  ],
  img: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://*.g.doubleclick.net',
    'https://www.google.com',
    'https://*.gstatic.com',
    'https://ep1.adtrafficquality.google',
  ],
  connect: [
    'https://pagead2.googlesyndication.com',
    'https://*.g.doubleclick.net',
    'https://adservice.google.com',
    'https://ep1.adtrafficquality.google',
  ],
};

export { pageFeatureSettingsKeys, pageFeatures } from './page-features';
export type { PageFeatureSettings, PageFeatures } from './page-features';

const sourceList = z.array(z.string());
export const pagePolicySourcesSchema = z.object({
  'script-src': sourceList,
  'img-src': sourceList,
  'connect-src': sourceList,
  'frame-src': sourceList,
});
export type PagePolicySources = z.infer<typeof pagePolicySourcesSchema>;

const unique = (...lists: string[][]) => [...new Set(lists.flat())];

/** The third-party sources of the features switched on, directive by directive. */
export function pagePolicySources(features: PageFeatures): PagePolicySources {
  const on = [
    features.googleAnalytics ? GOOGLE_ANALYTICS : undefined,
    features.plausible ? PLAUSIBLE : undefined,
    features.adsense ? ADSENSE : undefined,
  ].filter((feature) => feature !== undefined);
  return {
    'script-src': unique(...on.map((feature) => feature.script)),
    'img-src': unique(...on.map((feature) => feature.img)),
    'connect-src': unique(...on.map((feature) => feature.connect)),
    'frame-src': unique(...on.map((feature) => feature.frame)),
  };
}

export const NO_PAGE_POLICY_SOURCES: PagePolicySources = pagePolicySources({
  googleAnalytics: false,
  plausible: false,
  adsense: false,
});

/** The page's directives: the baseline, the inline scripts' hashes, and the features' sources. */
export function pageCspDirectives(
  scriptHashes: string[],
  sources: PagePolicySources = NO_PAGE_POLICY_SOURCES,
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': unique(["'self'"], scriptHashes, sources['script-src']),
    // Mantine sets style attributes and one <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'blob:'], sources['img-src']),
    'font-src': ["'self'"],
    'connect-src': unique(["'self'"], sources['connect-src']),
    // 'self': the dashboard previews the media kit, a page of the site, in a frame.
    'frame-src': unique(["'self'"], YOUTUBE.frame, sources['frame-src']),
    // A hero background video is an https address the admin chooses.
    'media-src': ["'self'", 'https:'],
    'manifest-src': ["'self'"],
    'worker-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

export function pageContentSecurityPolicy(scriptHashes: string[], sources?: PagePolicySources): string {
  return Object.entries(pageCspDirectives(scriptHashes, sources))
    .map(([name, list]) => `${name} ${list.join(' ')}`)
    .join('; ');
}

/**
 * The policy of the standalone documents (a sponsor report, the media kit: apps/web/server/report-pages.ts): no
 * script, no request to anyone, not even the site (their one stylesheet is inline, allowed by its hash), no form;
 * framed only by the site itself (the dashboard's preview of the media kit).
 */
export function documentContentSecurityPolicy(styleHashes: string[]): string {
  return [
    "default-src 'none'",
    `style-src ${styleHashes.length ? styleHashes.join(' ') : "'none'"}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}
