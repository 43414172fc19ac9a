/**
 * The Content-Security-Policy of the web app's pages, in one place for both web servers:
 * tools/serve.ts sends it as a header, and apps/web/nginx.conf carries the same text (checked by
 * tools/web-csp.spec.ts; print it with `npx tsx tools/web-csp.ts`).
 *
 * The page itself needs: its own origin, the YouTube player (youtube-nocookie.com, only after a
 * click), YouTube thumbnails, inline `data:` images (the admin's logo, hero image, favicon),
 * the admin's image previews (`blob:`), Mantine's inline styles, and the third-party hosts of Google Analytics, Plausible and AdSense,
 * which the page loads only when the admin enables them. The one inline script of index.html is
 * allowed by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';

export const YOUTUBE = {
  frame: ['https://www.youtube-nocookie.com'],
  img: ['https://i.ytimg.com', 'https://yt3.ggpht.com'],
};

export const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

export const PLAUSIBLE = { script: ['https://plausible.io'], connect: ['https://plausible.io'] };

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

const unique = (...lists: string[][]) => [...new Set(lists.flat())];

/** `'sha256-…'` sources for the inline `<script>` elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!match[1]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function cspDirectives(scriptHashes: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': unique(["'self'"], scriptHashes, GOOGLE_ANALYTICS.script, PLAUSIBLE.script, ADSENSE.script),
    // Mantine sets style attributes and one <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'blob:'], YOUTUBE.img, GOOGLE_ANALYTICS.img, ADSENSE.img),
    'font-src': ["'self'"],
    'connect-src': unique(["'self'"], GOOGLE_ANALYTICS.connect, PLAUSIBLE.connect, ADSENSE.connect),
    'frame-src': unique(YOUTUBE.frame, ADSENSE.frame),
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

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return Object.entries(cspDirectives(scriptHashes))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The policy for a built (or source) index.html. */
export function contentSecurityPolicyFor(indexHtml: string): string {
  return contentSecurityPolicy(inlineScriptHashes(indexHtml));
}

export const INDEX_HTML_SOURCE = join(repoRoot, 'apps/web/index.html');

/** The nginx directive that apps/web/nginx.conf must contain. */
export function nginxDirective(indexHtml = readFileSync(INDEX_HTML_SOURCE, 'utf8')): string {
  return `add_header Content-Security-Policy "${contentSecurityPolicyFor(indexHtml)}" always;`;
}

if (require.main === module) {
  console.log(nginxDirective());
}
