import { useFakeStack } from './test/fake-stack';
import { ACCEPT_HTML, send } from './test/raw-request';

describe('assemble-page.ts, through the web server', () => {
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
