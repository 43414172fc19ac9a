/**
 * For the specs of server rendering: a stand-in for the built entry (apps/web/src/entry-server.tsx, an ES module as
 * the build makes it, rendering from the page model alone) and a stand-in API answering the page model
 * (`GET /api/page`) at a content version the specs move, with its weak ETag and a 304 when asked with it. The API
 * counts every ask and every model it sends.
 */
import { apiPaths } from '@app/contracts/api-paths';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STAND_IN_ENTRY = `
export async function render(model) {
  if (model.kind !== 'home' && model.kind !== 'watch' && model.kind !== 'search') return null;
  const text = model.status === 404 ? 'missing' : model.path + (model.data?.q ? ' q=' + model.data.q : '') + ' v' + model.version;
  const id = 'data-' + Buffer.from(model.path + ' ' + text).toString('base64url');
  return {
    status: model.status,
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
  /** How long the API takes to answer a page model, in ms. */
  slow: number;
  /** The model's `cache.shared`: false when the head's links follow the Host (no PUBLIC_URL). */
  shared: boolean;
  /** Every page model asked for (the path), and those sent with a body (not a 304). */
  asks: string[];
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
    shared: true,
    asks: [],
    renders: [],
  };
  const dir = mkdtempSync(join(tmpdir(), 'render-stand-in-'));
  const api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (stack.down) {
      res.writeHead(503).end();
      return;
    }
    if (url.pathname === apiPaths.pageModel) {
      const path = url.searchParams.get('path') ?? '';
      const q = url.searchParams.get('q');
      // The search page is asked with its query and offset beside the path.
      stack.asks.push(q === null ? path : `${path} q=${q} offset=${url.searchParams.get('offset')}`);
      const etag = `W/"${stack.version}-${stack.shared}"`;
      const watch = path.startsWith('/videos/');
      const model = {
        path,
        kind: path === '/' ? 'home' : watch ? 'watch' : path === '/search' ? 'search' : 'dashboard',
        status: path === '/videos/missing' ? 404 : 200,
        version: String(stack.version),
        settings: PUBLIC_SETTINGS_DEFAULTS,
        head: `<title>HEAD ${path}</title>`,
        policy: { 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] },
        cache: stack.shared
          ? { shared: true, cacheControl: 'no-cache' }
          : { shared: false, cacheControl: 'private, no-cache' },
        data: path === '/search' ? { q: q ?? '', offset: 0, total: 0, results: [], error: null } : null,
      };
      setTimeout(() => {
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, { ETag: etag }).end();
          return;
        }
        stack.renders.push(path);
        res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(JSON.stringify(model));
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
    stack.shared = true;
    stack.version += 1;
    stack.asks.length = 0;
    stack.renders.length = 0;
  });
  return stack;
}
