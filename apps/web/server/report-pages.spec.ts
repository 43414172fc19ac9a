import { apiPaths } from '@app/contracts/api-paths';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningWebServer, startWebServer } from './web-app';

/** Renders the two standalone kinds as the real entry does in shape: a whole document with one inline style. */
const STAND_IN_ENTRY = `
export async function render() { return null; }
export async function renderDocument(model) {
  if (model.kind !== 'sponsor-report' && model.kind !== 'media-kit') return null;
  const text = model.kind + ' ' + model.path + ' ' + model.status;
  return {
    status: model.status,
    html: '<!doctype html><html lang="fr"><head><style>body{color:red}</style></head><body><main>' + text + '</main></body></html>',
    noindex: model.kind === 'sponsor-report',
  };
}
`;

describe('report-pages.ts: a sponsor report and the media kit, as standalone documents', () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-pages-'));
  const asked: { path: string; headers: IncomingHttpHeaders }[] = [];
  let down = false;
  const api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (down) return void res.writeHead(503).end();
    if (url.pathname !== apiPaths.pageModel) return void res.writeHead(404).end();
    const path = url.searchParams.get('path') ?? '';
    asked.push({ path, headers: req.headers });
    const revoked = path.endsWith('revoked');
    const kind = path.startsWith('/sponsor-reports/')
      ? 'sponsor-report'
      : path === '/media-kit' && req.headers.cookie === 'sid=owner'
        ? 'media-kit'
        : 'not-found';
    const model = {
      path,
      kind,
      status: kind === 'not-found' ? 404 : revoked ? 410 : 200,
      version: '1',
      settings: PUBLIC_SETTINGS_DEFAULTS,
      head: kind === 'not-found' ? '<title>Not found</title>' : '',
      policy: { 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] },
      cache: { shared: true, cacheControl: 'no-cache' },
      data: null,
    };
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(model));
  });
  let web: RunningWebServer;

  beforeAll(async () => {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><!--page-head--><title>DEFAULT</title><!--/page-head--></head>' +
        '<body><div id="root"><!--ssr-outlet--><p>SHELL</p><!--/ssr-outlet--></div></body></html>',
    );
    writeFileSync(join(dir, 'entry-server.mjs'), STAND_IN_ENTRY);
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    web = await startWebServer({ port: 0, distDir: dist, apiUrl, ssrEntry: join(dir, 'entry-server.mjs') });
  });
  afterAll(async () => {
    await web.close();
    await new Promise<void>((resolve) => api.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    asked.length = 0;
    down = false;
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${web.url}${path}`, { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) } });

  it('sends a report as its own document: no-store, noindex, no referrer, no cookie, only its inline style allowed', async () => {
    const res = await get('/sponsor-reports/12.abc', 'sid=owner');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toBe(
      '<!doctype html><html lang="fr"><head><style>body{color:red}</style></head><body><main>sponsor-report /sponsor-reports/12.abc 200</main></body></html>',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-expires')).toBe('0');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('set-cookie')).toBeNull();
    const hash = createHash('sha256').update('body{color:red}').digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
    );
    // Asked once, afresh (no validator), and never with the visitor's cookie.
    expect(asked).toEqual([{ path: '/sponsor-reports/12.abc', headers: expect.any(Object) }]);
    expect(asked[0].headers.cookie).toBeUndefined();
    expect(asked[0].headers['if-none-match']).toBeUndefined();
  });

  it('answers a revoked link with its 410, read anew at every view', async () => {
    const first = await get('/sponsor-reports/12.revoked');
    const again = await get('/sponsor-reports/12.revoked');
    expect([first.status, again.status]).toEqual([410, 410]);
    expect(await again.text()).toContain('sponsor-report /sponsor-reports/12.revoked 410');
    expect(asked).toHaveLength(2);
  });

  it('asks the media kit with the visitor’s cookie (the owner’s preview); off for others, it is the site’s 404 page', async () => {
    const owner = await get('/media-kit', 'sid=owner');
    expect(owner.status).toBe(200);
    expect(await owner.text()).toContain('<main>media-kit /media-kit 200</main>');
    expect(owner.headers.get('cache-control')).toBe('no-store');
    expect(owner.headers.get('x-robots-tag')).toBeNull();
    expect(asked[0].headers.cookie).toBe('sid=owner');

    const visitor = await get('/media-kit');
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).toContain('<p>SHELL</p>');
  });

  it('sends a plain 503 that nobody keeps when the API does not answer', async () => {
    down = true;
    const res = await get('/sponsor-reports/12.abc');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('not available right now');
  });
});
