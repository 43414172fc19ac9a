import { DEFAULT_SITE_LANGUAGE, isSiteLanguage, type SiteLanguage } from '@app/contracts/site-language';

/**
 * The language of a page the server did not render (the 404, the legal pages): the one the web server wrote
 * into the page (`<html data-site-language>`: the site's, known even on a first visit), else the one of the
 * settings this browser remembers, else English.
 */
export function pageSiteLanguage(fromPage: unknown, remembered: unknown): SiteLanguage {
  if (isSiteLanguage(fromPage)) return fromPage;
  return isSiteLanguage(remembered) ? remembered : DEFAULT_SITE_LANGUAGE;
}
