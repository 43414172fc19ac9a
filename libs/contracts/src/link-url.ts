import { z } from 'zod';
import { isHttpUrl } from './settings';

/**
 * A URL the site may put into a page (`<img src>`, `og:image`, JSON-LD, the sitemap): an absolute http(s) URL, or
 * a path on the site itself (`/images/a.jpg`). Nothing else: no `javascript:` or `data:` (the image settings
 * take data URLs through their own byte check), no protocol-relative `//host` or `/\host` (a browser reads both as
 * another host), no spaces or control characters.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;

export const isLinkUrl = (value: string): boolean =>
  SITE_PATH.test(value) || (!/[\s\p{Cc}]/u.test(value) && isHttpUrl(value));

export const LINK_URL_MESSAGE = 'must be an http(s) URL or a path on the site';

/** A string holding a link URL (isLinkUrl) of at most `max` characters. */
export const linkUrlSchema = (max = 2048) => z.string().max(max).refine(isLinkUrl, LINK_URL_MESSAGE);
