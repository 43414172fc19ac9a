import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';
import { pageCspDirectives as cspDirectives } from '@app/contracts/page-policy';
import {
  contentSecurityPolicyFor,
  inlineScriptHashes,
  nginxDirective,
  nginxPolicyVariables,
} from './web-csp';

describe('tools/web-csp.ts', () => {
  const indexHtml = readFileSync(join(repoRoot, 'apps/web/index.html'), 'utf8');

  it('allows the inline script of index.html by its hash, and no other inline script', () => {
    const hashes = inlineScriptHashes(indexHtml);
    expect(hashes).toHaveLength(1);
    const policy = contentSecurityPolicyFor(indexHtml);
    expect(policy).toContain(hashes[0]);
    expect(policy).not.toContain("'unsafe-inline' https://www.googletagmanager.com");
    expect(cspDirectives(hashes)['script-src']).not.toContain("'unsafe-inline'");
    expect(cspDirectives(hashes)['script-src']).not.toContain("'unsafe-eval'");
  });

  it('hashes only inline scripts', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script>';
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]);
  });

  it('lets in the YouTube player and thumbnails and data: images, and no analytics or ad host by default', () => {
    const directives = cspDirectives([]);
    expect(directives['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    expect(directives['img-src']).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://i.ytimg.com', 'https://yt3.ggpht.com']),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
  });

  it('is the policy nginx sends', () => {
    const nginx = readFileSync(join(repoRoot, 'apps/web/nginx.conf'), 'utf8');
    const page = /location = \/_page\/index\.html \{([^}]*)\}/.exec(nginx)![1];
    expect(page).toContain(nginxDirective(indexHtml));
    // The sources come from the API's answer to the page's auth_request.
    expect(page).toContain('auth_request /api/settings/page-policy;');
    for (const line of nginxPolicyVariables()) expect(page).toContain(line);
  });
});
