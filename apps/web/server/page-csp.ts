/**
 * The Content-Security-Policy of the web app's pages, for both web servers. The policy itself
 * (a strict baseline, plus the hosts of the analytics and ad features switched on) lives in
 * @app/contracts/page-policy; this adds the hash of index.html's one inline script. tools/serve.ts
 * sends it as a header, with the sources the API names for each page; apps/web/nginx.conf carries
 * the same text with nginx variables in place of the sources (checked by tools/web-csp.spec.ts;
 * print it with `npx tsx tools/web-csp.ts`).
 */
import {
  PAGE_POLICY_HEADERS,
  pageContentSecurityPolicy,
  type PagePolicySources,
} from '@app/contracts/page-policy';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';

/** `'sha256-…'` sources for the inline `<script>` elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!match[1]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The policy for a built (or source) index.html, with the sources of the features switched on. */
export function contentSecurityPolicyFor(indexHtml: string, sources?: PagePolicySources): string {
  return pageContentSecurityPolicy(inlineScriptHashes(indexHtml), sources);
}

export const INDEX_HTML_SOURCE = join(repoRoot, 'apps/web/index.html');

/** The nginx variable that holds one directive's sources, e.g. `$page_script_src`. */
export const nginxVariable = (directive: keyof PagePolicySources) => `$page_${directive.replace('-', '_')}`;

const directives = Object.keys(PAGE_POLICY_HEADERS) as (keyof PagePolicySources)[];

/** Where nginx takes each variable from: the API's answer to the auth_request subrequest. */
export function nginxPolicyVariables(): string[] {
  return directives.map(
    (directive) =>
      `auth_request_set ${nginxVariable(directive)} $upstream_http_${PAGE_POLICY_HEADERS[directive].toLowerCase().replaceAll('-', '_')};`,
  );
}

/** The nginx directive that apps/web/nginx.conf must contain. */
export function nginxDirective(indexHtml = readFileSync(INDEX_HTML_SOURCE, 'utf8')): string {
  const variables = Object.fromEntries(directives.map((d) => [d, [nginxVariable(d)]])) as PagePolicySources;
  return `add_header Content-Security-Policy "${contentSecurityPolicyFor(indexHtml, variables)}" always;`;
}

if (require.main === module) {
  console.log([...nginxPolicyVariables(), nginxDirective()].join('\n'));
}
