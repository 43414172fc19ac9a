import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_VERSION_HEADER } from '@app/contracts/api-paths';
import { createPageRenderer, isRenderedPath } from './page-renderer';
import { fillShell, withSiteLanguage } from './page-shell';
import { type RunningWebServer, startWebServer } from './web-app';

/**
 * A stand-in (CommonJS, which Jest loads) for the built entry (apps/web/src/entry-server.tsx): it asks the API for the path's data as the real
 * one does, so an API that is down makes it fail, and counts its renderings in a global.
 */
const FAKE_ENTRY = `
exports.render = async function render(pathname, apiBase) {
  const res = await fetch(apiBase + '/api/data' + pathname);
  if (!res.ok && res.status !== 404) throw new Error('API ' + res.status);
  const text = await res.text();
  const id = 'data-' + Buffer.from(pathname + ' ' + text).toString('base64url');
  return {
    status: res.status === 404 ? 404 : 200,
    html: '<main>RENDERED ' + text + '</main>',
    state: '<script type="application/json" id="ssr-state" data-src="/page-data/' + id + '">{}</script>',
    data: { id, json: JSON.stringify({ rendered: text }) },
  };
};
`;

describe('page-renderer.ts (server rendering of / and the watch pages, issue 15)', () => {
  let api: Server;
  let apiUrl: string;
  let entry: string;
  let version = 1;
  let down = false;
  let slow = 0;
  /** The page head's Cache-Control: `private` when its links follow the Host (no PUBLIC_URL). */
  let headCacheControl = 'public, max-age=0, s-maxage=1';
  const heads: string[] = [];
  /** The renderings made: each asks the API for its path's data once. */
  const renders: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-renderer-'));
    entry = join(dir, 'entry-server.cjs');
    writeFileSync(entry, FAKE_ENTRY);
    api = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (down) {
        res.writeHead(503).end();
        return;
      }
      if (url.pathname === '/api/settings') {
        // The ETag's number stays: only the header meant for it tells the renderer the version.
        res.writeHead(200, { ETag: 'W/"v1-abc-gzip"', [CONTENT_VERSION_HEADER]: String(version) }).end();
        return;
      }
      if (url.pathname === '/api/page-head') {
        heads.push(url.search);
        res
          .writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': headCacheControl })
          .end(`<title>HEAD${url.search}</title>`);
        return;
      }
      if (url.pathname === '/api/settings/page-policy') {
        // no-store: the web server keeps no page, so each view shows what the renderer gives.
        res
          .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
          .end(JSON.stringify({ 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] }));
        return;
      }
      if (url.pathname.startsWith('/api/data/')) {
        const path = url.pathname.slice('/api/data'.length);
        renders.push(path);
        setTimeout(() => {
          if (path === '/videos/missing') res.writeHead(404).end('missing');
          else res.writeHead(200).end(`${path} v${version}`);
        }, slow);
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
  beforeEach(() => {
    down = false;
    slow = 0;
    version += 1;
    renders.length = 0;
  });

  it('knows its pages and fills the shell', () => {
    expect(['/', '/videos/abc', '/videos/a_b-C/'].map(isRenderedPath)).toEqual([true, true, true]);
    expect(['/admin', '/videos', '/videos/a/b', '/x'].map(isRenderedPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const shell = '<body><div id="root"><!--ssr-outlet--><p>SHELL</p><!--/ssr-outlet--></div></body>';
    expect(fillShell(shell, { status: 200, html: '<p>$& PAGE</p>', state: '<script>S</script>' })).toBe(
      '<body><div id="root"><p>$& PAGE</p></div><script>S</script></body>',
    );
    // The page's language goes on <html> (issue 26); without one the shell's stays.
    const html = `<html lang="en" data-x="1">${shell}</html>`;
    expect(fillShell(html, { status: 200, html: 'P', state: '', lang: 'pt-BR' })).toMatch(
      /^<html lang="pt-BR" data-x="1">/,
    );
    expect(fillShell(html, { status: 200, html: 'P', state: '' })).toMatch(/^<html lang="en" data-x="1">/);
  });

  it('renders a page once per content version, concurrent views sharing one rendering', async () => {
    const renderer = createPageRenderer(apiUrl, entry)!;
    await renderer.body('/'); // loads the entry
    renders.length = 0;
    version += 1;
    const bodies = await Promise.all(Array.from({ length: 10 }, () => renderer.body('/')));
    expect(bodies.every((b) => b?.html === `<main>RENDERED / v${version}</main>`)).toBe(true);
    expect(renders).toEqual(['/']);
    await renderer.body('/');
    expect(renders).toEqual(['/']);
    // A write anywhere (the version moves): the next view renders anew.
    version += 1;
    expect((await renderer.body('/'))?.html).toBe(`<main>RENDERED / v${version}</main>`);
    expect(renders).toEqual(['/', '/']);
  });

  it('under npm run dev (an entry loaded afresh through Vite) renders every view, keeping nothing', async () => {
    let loads = 0;
    const renderer = createPageRenderer(apiUrl, async () => {
      loads++;
      return {
        render: async (pathname: string) => ({
          status: 200 as const,
          html: `DEV ${pathname} ${loads}`,
          state: '',
        }),
      };
    })!;
    expect((await renderer.body('/'))?.html).toBe('DEV / 1');
    expect((await renderer.body('/'))?.html).toBe('DEV / 2');
  });

  it('gives the last rendering of a page while the API is down, and nothing for a page never rendered', async () => {
    const renderer = createPageRenderer(apiUrl, entry)!;
    const before = await renderer.body('/videos/abc');
    expect(before?.html).toContain('/videos/abc');
    down = true;
    expect(await renderer.body('/videos/abc')).toEqual(before);
    expect(await renderer.body('/videos/other')).toBeUndefined();
  });

  it('answers a 404 rendering for a video the API does not have', async () => {
    const renderer = createPageRenderer(apiUrl, entry)!;
    expect((await renderer.body('/videos/missing'))?.status).toBe(404);
  });

  it('is off without a built entry', () => {
    expect(createPageRenderer(apiUrl, join(tmpdir(), 'no-such-entry.mjs'))).toBeUndefined();
  });

  describe('in the web server', () => {
    let web: RunningWebServer;
    beforeAll(async () => {
      const dist = mkdtempSync(join(tmpdir(), 'page-renderer-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(
        join(dist, 'index.html'),
        '<html><head><!--page-head--><title>DEFAULT</title><!--/page-head--></head>' +
          '<body><div id="root"><!--ssr-outlet--><p>SHELL</p><!--/ssr-outlet--></div></body></html>',
      );
      web = await startWebServer({ port: 0, distDir: dist, apiUrl, ssrEntry: entry });
    });
    afterAll(() => web.close());

    const page = async (path: string) => {
      const res = await fetch(`${web.url}${path}`, { headers: { Accept: 'text/html' } });
      return { status: res.status, body: await res.text() };
    };

    it('sends / and a watch page rendered, with the watch page’s own head; other pages are the shell', async () => {
      const home = await page('/');
      expect(home.status).toBe(200);
      expect(home.body).toContain(`<main>RENDERED / v${version}</main>`);
      expect(home.body).toContain('<title>HEAD</title>');
      expect(home.body).not.toContain('SHELL');
      expect(home.body).toMatch(
        /<\/div><script type="application\/json" id="ssr-state" data-src="\/page-data\/[\w-]+">\{\}<\/script><\/body>/,
      );
      const watch = await page('/videos/abc');
      expect(watch.body).toContain(`<main>RENDERED /videos/abc v${version}</main>`);
      expect(watch.body).toContain('<title>HEAD?video=abc</title>');
      const admin = await page('/admin');
      expect(admin.body).toContain('<p>SHELL</p>');
      expect(admin.body).not.toContain('ssr-state');
    });

    it('hands out the data of each rendering at the address its page names, for a browser to keep, and answers 404 for one it does not have', async () => {
      const home = await page('/');
      const src = /data-src="([^"]+)"/.exec(home.body)?.[1];
      expect(src).toMatch(/^\/page-data\//);
      const data = await fetch(`${web.url}${src}`);
      expect(data.status).toBe(200);
      expect(data.headers.get('content-type')).toMatch(/^application\/json/);
      expect(data.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await data.json()).toEqual({ rendered: `/ v${version}` });
      // The page itself carries none of it.
      expect(home.body).not.toContain('"rendered"');
      const gone = await fetch(`${web.url}/page-data/never-rendered`);
      expect(gone.status).toBe(404);
      expect(gone.headers.get('cache-control')).toBe('no-cache');
      expect(await gone.json()).toMatchObject({ statusCode: 404 });
    });

    it('gives a page a validator and answers a browser that has it with a 304, until the page changes', async () => {
      const first = await fetch(`${web.url}/videos/abc`, { headers: { Accept: 'text/html' } });
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await fetch(`${web.url}/videos/abc`, {
        headers: { Accept: 'text/html', 'If-None-Match': etag! },
      });
      expect(again.status).toBe(304);
      version += 1;
      const changed = await fetch(`${web.url}/videos/abc`, {
        headers: { Accept: 'text/html', 'If-None-Match': etag! },
      });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain(`v${version}`);
    });

    it('keeps a page whose head follows the Host out of shared caches (private), else lets them revalidate it', async () => {
      expect((await fetch(`${web.url}/`)).headers.get('cache-control')).toBe('no-cache');
      headCacheControl = 'private, max-age=0';
      try {
        for (const path of ['/', '/videos/abc', '/admin'])
          expect((await fetch(`${web.url}${path}`)).headers.get('cache-control')).toBe('private, no-cache');
      } finally {
        headCacheControl = 'public, max-age=0, s-maxage=1';
      }
    });

    it('answers an unknown video with the rendered 404 page and a 404 status', async () => {
      const missing = await page('/videos/missing');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('RENDERED missing');
    });

    it('shows a settings change in the next page (no stale page kept)', async () => {
      expect((await page('/')).body).toContain(`v${version}`);
      version += 1;
      expect((await page('/')).body).toContain(`<main>RENDERED / v${version}</main>`);
    });

    it('sends the shell, never an error page, while a cold page cannot be rendered', async () => {
      down = true;
      const cold = await page('/videos/never-seen');
      expect(cold.status).toBe(200);
      expect(cold.body).toContain('<p>SHELL</p>');
      expect(cold.body).toContain('<title>DEFAULT</title>');
    });
  });
});

describe('withSiteLanguage', () => {
  it('puts the site’s language on <html> (lang and data-site-language), keeping its other attributes', () => {
    const shell = '<!doctype html><html lang="en" data-mantine-color-scheme="dark"><head></head></html>';
    expect(withSiteLanguage(shell, 'pt-BR')).toBe(
      '<!doctype html><html lang="pt-BR" data-site-language="pt-BR" data-mantine-color-scheme="dark"><head></head></html>',
    );
    expect(withSiteLanguage('<html><body></body></html>', 'ja')).toBe(
      '<html lang="ja" data-site-language="ja"><body></body></html>',
    );
  });

  it('leaves the shell alone without a language, or with one that is not a language tag', () => {
    const shell = '<html lang="en"><body></body></html>';
    expect(withSiteLanguage(shell, undefined)).toBe(shell);
    expect(withSiteLanguage(shell, '"><script>')).toBe(shell);
    expect(withSiteLanguage(shell, 42)).toBe(shell);
  });
});
