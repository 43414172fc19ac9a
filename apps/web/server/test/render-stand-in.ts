/**
 * For the specs of server rendering: a stand-in for the built entry (apps/web/src/entry-server.tsx, an ES module as
 * the build makes it) and a stand-in API whose content version the specs move. The entry asks the API for the
 * path's data as the real one does, so an API that is down makes it fail; the API counts the renderings.
 */
import { CONTENT_VERSION_HEADER } from '@app/contracts/api-paths';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STAND_IN_ENTRY = `
export async function render(pathname, apiBase) {
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
}
`;

export interface RenderStack {
  apiUrl: string;
  /** The stand-in entry's file (`entry-server.mjs`). */
  entry: string;
  /** The content version the API names; each test starts with a new one. */
  version: number;
  /** The API answers 503 to everything. */
  down: boolean;
  /** How long the API takes to answer a path's data, in ms. */
  slow: number;
  /** The page head's Cache-Control: `private` when its links follow the Host (no PUBLIC_URL). */
  headCacheControl: string;
  /** The renderings made: each asks the API for its path's data once. */
  renders: string[];
}

/** Sets the stand-ins up for the spec file, and a new content version before each test. */
export function useRenderStack(): RenderStack {
  const stack: RenderStack = {
    apiUrl: '',
    entry: '',
    version: 1,
    down: false,
    slow: 0,
    headCacheControl: 'public, max-age=0, s-maxage=1',
    renders: [],
  };
  const dir = mkdtempSync(join(tmpdir(), 'page-renderer-'));
  const api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (stack.down) {
      res.writeHead(503).end();
      return;
    }
    if (url.pathname === '/api/settings') {
      // The ETag's number stays: only the header meant for it tells the renderer the version.
      res.writeHead(200, { ETag: 'W/"v1-abc-gzip"', [CONTENT_VERSION_HEADER]: String(stack.version) }).end();
      return;
    }
    if (url.pathname === '/api/page-head') {
      res
        .writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': stack.headCacheControl })
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
      stack.renders.push(path);
      setTimeout(() => {
        if (path === '/videos/missing') res.writeHead(404).end('missing');
        else res.writeHead(200).end(`${path} v${stack.version}`);
      }, stack.slow);
      return;
    }
    res.writeHead(404).end();
  });

  beforeAll(async () => {
    stack.entry = join(dir, 'entry-server.mjs');
    writeFileSync(stack.entry, STAND_IN_ENTRY);
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    stack.apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => api.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    stack.down = false;
    stack.slow = 0;
    stack.version += 1;
    stack.renders.length = 0;
  });
  return stack;
}
