/**
 * The sponsor's link of a deal, as the watch page counts clicks on it (first-party analytics, `sponsor_click` with
 * the deal's id). Free of zod: the public page imports it alone (`@app/contracts/sponsor-links`).
 */

/** A deal's link, as a watch page of one of its videos gets it. */
export interface SponsorLink {
  /** The deal's id, as the `sponsor_click` event names it. */
  sponsorId: string;
  url: string;
}

/** Host without `www.`, path without its trailing slash, and the query as written; null for a non-http(s) address. */
function linkKey(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}

/**
 * Whether an address in a description is the deal's link: the same host (with or without `www.`, http or https),
 * path (with or without a trailing slash) and query. A fragment never matters; another query (a different
 * referral code) is another link.
 */
export function isSameLink(address: string, link: string): boolean {
  const key = linkKey(address);
  return key !== null && key === linkKey(link);
}

/** The deal whose link `address` is, if any (the first of `links` that matches). */
export function sponsorOfLink(address: string, links: readonly SponsorLink[]): SponsorLink | undefined {
  return links.find((link) => isSameLink(address, link.url));
}
