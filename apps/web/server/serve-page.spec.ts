import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useRenderStack } from './test/render-stand-in';
import { type RunningWebServer, startWebServer } from './web-app';
import { ACCEPT_HTML, send } from './test/raw-request';
import { useFakeStack } from './test/fake-stack';

describe('serve-page.ts: pages rendered on the server, through the web server', () => {
  const stack = useRenderStack();
  let web: RunningWebServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'serve-page-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><!--page-head--><title>DEFAULT</title><!--/page-head--></head>' +
        '<body><div id="root"><!--ssr-outlet--><p>SHELL</p><!--/ssr-outlet--></div></body></html>',
    );
    web = await startWebServer({ port: 0, distDir: dist, apiUrl: stack.apiUrl, ssrEntry: stack.entry });
  });
  afterAll(() => web.close());

  const page = async (path: string) => {
    const res = await fetch(`${web.url}${path}`, { headers: { Accept: 'text/html' } });
    return { status: res.status, body: await res.text() };
  };

  it('sends / and a watch page rendered, with the watch page’s own head; other pages are the shell', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<main>RENDERED / v${stack.version}</main>`);
    expect(home.body).toContain('<title>HEAD /</title>');
    expect(home.body).not.toContain('SHELL');
    expect(home.body).toMatch(
      /<\/div><script type="application\/json" id="ssr-state" data-src="\/page-data\/[\w-]+">\{\}<\/script><\/body>/,
    );
    const watch = await page('/videos/abc');
    expect(watch.body).toContain(`<main>RENDERED /videos/abc v${stack.version}</main>`);
    expect(watch.body).toContain('<title>HEAD /videos/abc</title>');
    const admin = await page('/admin');
    expect(admin.body).toContain('<p>SHELL</p>');
    expect(admin.body).not.toContain('ssr-state');
  });

  it('renders the search page for each view, with its query and offset asked beside the path, and keeps it nowhere', async () => {
    const first = await fetch(`${web.url}/search?q=a%20%22b%22&offset=20`, {
      headers: { Accept: 'text/html' },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-accel-expires')).toBe('0');
    expect(await first.text()).toContain(`<main>RENDERED /search q=a "b" v${stack.version}</main>`);
    await page('/search?q=a%20%22b%22&offset=20');
    // Not kept: the second view asks again, unconditionally (a kept page would be revalidated, a 304).
    expect(stack.asks).toEqual(['/search q=a "b" offset=20', '/search q=a "b" offset=20']);
    expect(stack.renders).toHaveLength(2);
    // 2 KB of query go no further than one character past the longest one; a bad offset is 0.
    await page(`/SEARCH/?q=${'x'.repeat(2048)}&offset=-1`);
    expect(stack.asks[2]).toBe(`/search q=${'x'.repeat(201)} offset=0`);
  });

  it('hands out the data of each rendering at the address its page names, for a browser to keep, and answers 404 for one it does not have', async () => {
    const home = await page('/');
    const src = /data-src="([^"]+)"/.exec(home.body)?.[1];
    expect(src).toMatch(/^\/page-data\//);
    const data = await fetch(`${web.url}${src}`);
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toMatch(/^application\/json/);
    expect(data.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await data.json()).toEqual({ rendered: `/ v${stack.version}` });
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
    stack.version += 1;
    const changed = await fetch(`${web.url}/videos/abc`, {
      headers: { Accept: 'text/html', 'If-None-Match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(`v${stack.version}`);
  });

  it('keeps a page whose head follows the Host out of shared caches (private), else lets them revalidate it', async () => {
    expect((await fetch(`${web.url}/`)).headers.get('cache-control')).toBe('no-cache');
    stack.shared = false;
    for (const path of ['/', '/videos/abc', '/admin'])
      expect((await fetch(`${web.url}${path}`)).headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers an unknown video with the rendered 404 page and a 404 status', async () => {
    const missing = await page('/videos/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('RENDERED missing');
  });

  it('shows a settings change in the very next page, without waiting (no stale page kept)', async () => {
    expect((await page('/')).body).toContain(`v${stack.version}`);
    stack.version += 1;
    const saved = Date.now();
    expect((await page('/')).body).toContain(`<main>RENDERED / v${stack.version}</main>`);
    expect(Date.now() - saved).toBeLessThan(1000);
  });

  it('makes one API call per view: the page model, conditional on the kept page’s (a 304 renders nothing)', async () => {
    for (const path of ['/', '/videos/abc', '/admin']) {
      stack.asks.length = 0;
      stack.renders.length = 0;
      const first = await page(path);
      expect(stack.asks).toEqual([path]);
      expect(stack.renders).toEqual([path]);
      const again = await page(path);
      expect(again.body).toBe(first.body);
      expect(stack.asks).toEqual([path, path]);
      expect(stack.renders).toEqual([path]);
    }
  });

  it('shares one ask and one rendering among concurrent views of a page', async () => {
    stack.slow = 100;
    const views = await Promise.all(Array.from({ length: 8 }, () => page('/')));
    expect(views.every((view) => view.body.includes(`<main>RENDERED / v${stack.version}</main>`))).toBe(true);
    expect(stack.asks).toEqual(['/']);
  });

  it('sends the last page of a path while the API is down', async () => {
    const before = await page('/videos/abc');
    expect(before.body).toContain(`RENDERED /videos/abc v${stack.version}`);
    stack.down = true;
    expect(await page('/videos/abc')).toEqual(before);
  });

  it('sends the shell, never an error page, while a cold page cannot be rendered', async () => {
    stack.down = true;
    const cold = await page('/videos/never-seen');
    expect(cold.status).toBe(200);
    expect(cold.body).toContain('<p>SHELL</p>');
    expect(cold.body).toContain('<title>DEFAULT</title>');
  });
});

describe('serve-page.ts: page assembly (head, chunk stylesheets, language), through the web server', () => {
  const stack = useFakeStack();

  it('puts the watch chunk’s stylesheet, and no script, into a watch page’s head, not into other pages, and never serves the manifest', async () => {
    const watch = (await send(stack.web.port, '/videos/dQw4w9WgXcQ')).body.toString();
    const head = watch.slice(0, watch.indexOf('</head>'));
    expect(head).toContain(
      '<style data-chunk-css="assets/watch-app-W1.css">.watch-layout{display:grid}</style>',
    );
    // The app and its chunks come at the first sign of interaction (src/boot.ts), not with the page.
    expect(head).not.toContain('modulepreload');
    for (const path of ['/', '/admin'])
      expect((await send(stack.web.port, path)).body.toString()).not.toContain('watch-app');
    expect((await send(stack.web.port, '/.vite/manifest.json')).status).toBe(404);
  });

  it('puts the page model’s head (GET /api/page) into every page, asked with the page’s host', async () => {
    for (const path of ['/', '/admin', '/index.html']) {
      const page = (
        await send(stack.web.port, path, { headers: { Host: 'videos.example.org' } })
      ).body.toString();
      expect(page).toContain(
        '<head><!--page-head--><title>Head for http://videos.example.org</title><!--/page-head--><script>',
      );
      expect(page).not.toContain('Default');
    }
  });

  it('says the site’s language in a page it does not render (the 404), for a first visit to render it in', async () => {
    stack.api.siteLanguages.set('sitio.example', 'es');
    const accept = ACCEPT_HTML;
    for (const path of ['/no-such-page', '/about.html']) {
      const reply = await send(stack.web.port, path, { headers: { Host: 'sitio.example', Accept: accept } });
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).toMatch(/^<!doctype html><html lang="es" data-site-language="es">/);
    }
    // Without the API's answer the shell stays as it is (the browser falls back on what it remembers).
    const plain = await send(stack.web.port, '/no-such-page', {
      headers: { Host: 'other.example', Accept: accept },
    });
    expect(plain.body.toString()).toMatch(/^<!doctype html><html><head>/);
  });
});
