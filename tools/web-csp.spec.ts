import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';
import { contentSecurityPolicyFor, cspDirectives, inlineScriptHashes, nginxDirective } from './web-csp';

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

  it('lets in the YouTube player and thumbnails, data: images, and the analytics and ad hosts', () => {
    const directives = cspDirectives([]);
    expect(directives['frame-src']).toContain('https://www.youtube-nocookie.com');
    expect(directives['frame-src']).not.toContain('https://www.youtube.com');
    expect(directives['img-src']).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://i.ytimg.com', 'https://yt3.ggpht.com']),
    );
    expect(directives['script-src']).toEqual(
      expect.arrayContaining([
        'https://www.googletagmanager.com',
        'https://plausible.io',
        'https://pagead2.googlesyndication.com',
      ]),
    );
    expect(directives['object-src']).toEqual(["'none'"]);
  });

  it('is the policy nginx sends', () => {
    const nginx = readFileSync(join(repoRoot, 'apps/web/nginx.conf'), 'utf8');
    expect(nginx).toContain(nginxDirective(indexHtml));
  });
});
