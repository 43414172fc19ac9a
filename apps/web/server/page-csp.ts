/**
 * The Content-Security-Policy of the web app's pages. The policy itself (a strict baseline, plus the hosts of the
 * analytics and ad features switched on) lives in @app/contracts/page-policy; this adds the hashes of the page's
 * inline scripts (index.html has one; Vite adds its own under `npm run dev`). The web server sends it as a header,
 * with the sources the API names for each page.
 */
import { pageContentSecurityPolicy, type PagePolicySources } from '@app/contracts/page-policy';
import { createHash } from 'node:crypto';

/** `'sha256-…'` sources for the inline `<script>` elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!match[1]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** `'sha256-…'` sources for the inline `<style>` elements of an HTML document (the standalone documents'). */
export function inlineStyleHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The policy for a page shell (the built index.html, or Vite's), with the sources of the features switched on. */
export function contentSecurityPolicyFor(shell: string, sources?: PagePolicySources): string {
  return pageContentSecurityPolicy(inlineScriptHashes(shell), sources);
}
