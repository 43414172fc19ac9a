import { pageCspDirectives as cspDirectives } from '@app/contracts/page-policy';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicyFor, inlineScriptHashes } from './page-csp';

describe('page-csp.ts', () => {
  const indexHtml = readFileSync(join(__dirname, '../index.html'), 'utf8');

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

  it('lets in the YouTube player, the site’s own and data: images, and no YouTube image host, analytics or ad host by default', () => {
    const directives = cspDirectives([]);
    expect(directives['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
  });
});
